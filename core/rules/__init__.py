"""The rules: one reducer per action type (it checks the rule, then changes
the event), grouped by what they decide.  Importing this package provides
them to the action log (:mod:`core.log`) without loading them: a module is
imported when an action of its type is first applied or described, so a
start-up or an open that replays a few results stays cheap.

Code that replays an event imports ``apply``/``replay``/``describe`` from
here, so the rule set is always provided."""

from core.log import (
    ACTION_FORMAT,
    FOUNDING,
    apply,
    as_unit,
    describe,
    payload,
    provide,
    redo_target,
    redo_targets,
    replay,
    undo_target,
    undo_targets,
    undone_seqs,
)

#: action type -> the module whose reducer (and audit-trail line) it is.
REDUCER_MODULES = {
    "create": "core.rules.players",
    "edit": "core.rules.players",
    "register": "core.rules.players",
    "drop": "core.rules.players",
    "import": "core.rules.players",
    "rename": "core.rules.players",
    "remove": "core.rules.players",
    "pair": "core.rules.results",
    "unpair": "core.rules.results",
    "result": "core.rules.results",
    "game": "core.rules.results",
    "id_decision": "core.rules.results",
    "clock": "core.rules.clock",
    "checkin": "core.rules.lateness",
    "late": "core.rules.lateness",
    "penalty": "core.rules.penalties",
    "appeal": "core.rules.penalties",
    "calendar": "core.rules.decklists",
    "decklist": "core.rules.decklists",
    "deck_check": "core.rules.decklists",
    "build": "core.rules.builds",
    "pods": "core.rules.builds",
    "pool": "core.rules.builds",
    "table_pool": "core.rules.tablepools",  # a pool entered from packs opened at the table
    "publish": "core.rules.publish",
    "announce": "core.rules.publish",
    "ruling": "core.rules.rulings",  # the head judge keeps facts as played (L-RULING)
    "apart": "core.rules.apart",
    "report_code": "core.rules.phonereports",
    "report": "core.rules.phonereports",
    "report_decision": "core.rules.phonereports",  # phone reports
    "staff_pin": "core.rules.staff",  # a staff member's PIN for the judge page
    "staff_signout": "core.rules.staff",  # the desk ends a staff member's judge-page sessions
    "time_decision": "core.rules.results",  # a time-out in an elimination match (G-SE)
    "lost": "core.rules.repair",  # what a journal repair could not recover (core.store)
    # what only an imported event file carries (core.rules.eventfile replays them, never the desk)
    "file_records": "core.rules.filefacts",
    "file_round": "core.rules.filefacts",
    "file_people": "core.rules.filefacts",
}
provide(REDUCER_MODULES)

__all__ = [
    "ACTION_FORMAT",
    "FOUNDING",
    "REDUCER_MODULES",
    "apply",
    "describe",
    "payload",
    "replay",
    "as_unit",
    "redo_target",
    "redo_targets",
    "undo_target",
    "undo_targets",
    "undone_seqs",
]
