"""Child for the crash test: appends actions to an event forever, printing
"ack SEQ" after each append has returned (i.e. is durable)."""

import sys

from core.desk import Desk
from core.store import DataDir

root, eid, start = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = DataDir(root).open(eid)
desk = Desk(store)
i = start
while True:
    ids = desk.add_players([f"crash player {i}"])
    sys.stdout.write(f"ack {store.actions[-1]['seq']} {ids[0]}\n")
    sys.stdout.flush()
    i += 1
