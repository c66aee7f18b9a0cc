"""Keys typed in one burst reach the box they were typed for.

Textual forwards each key to the widget focused when the app takes it off its
queue, and Tab's focus move (a binding) runs only once the Tab has gone up from
the box to the app again: keys typed at once after a Tab were already queued in
the box it left (``加藤陸`` Tab ``かとうりく`` became one name 「加藤陸かとうりく」).
Enter in a form moves the focus the same way, through the box's Submitted
message, and Ctrl+N focuses the name box only once it has come back up.  So
after any key but a character typed into a text box the keys that follow wait
here until that key has had its effect, and then go on, in order, to the
box that has the focus (:class:`KeysInOrder`, mixed into the app once, for
every text box of the app)."""

from __future__ import annotations

from textual import events
from textual.app import App, ScreenStackError
from textual.dom import DOMNode
from textual.timer import Timer
from textual.widgets import Input


class KeysInOrder(App):
    """The app's side: :meth:`keys_wait` holds the keys that follow a focus key
    typed in a text box until a callback has followed that key's messages up
    from the box to the app (:meth:`follow_trail`)."""

    #: Keys typed after a focus key, waiting for its effect (None: no key waits).
    waiting_keys: list[events.Key] | None = None
    #: The node of the key's path the trail is queued at (a closed dialog drops it).
    trail_at: DOMNode | None = None
    trail_watch: Timer | None = None
    #: Counts the waits: a step of an older trail (or a second release) does nothing.
    trail_gen = 0

    def key_target(self) -> DOMNode | None:
        """Where the app sends a typed key: the focused widget, else the screen."""
        try:
            return self.focused or self.screen
        except ScreenStackError:  # the app is ending
            return None

    def keys_wait(self, event: events.Key) -> bool:
        """True when ``event`` must wait for an earlier focus key (it is kept, in order)."""
        if self.waiting_keys is None or event.is_forwarded:
            return False
        self.waiting_keys.append(event)
        return True

    def after_key(self, event: events.Key, box: DOMNode | None) -> None:
        """``event``, typed, was just sent to ``box`` (None for a key come back up to the app):
        any key but a character typed into a text box (which the box takes in its own turn)
        may move the focus or open a dialog, so the next keys wait."""
        if box is None or (isinstance(box, Input) and event.is_printable):
            return
        if self.waiting_keys is not None:
            return
        self.waiting_keys = []
        self.trail_gen += 1
        # through the box twice (what it posts to itself while taking the key comes
        # first), then up its ancestors as the key bubbles to the app, where a binding
        # runs (Input's Enter, Tab, Ctrl+N); then once more, behind the message that
        # binding posted (Input.Submitted, which a form takes to move the focus)
        path = [box, box, *box.ancestors]
        self.follow_trail(self.trail_gen, path + path)
        if self.trail_watch is None:
            self.trail_watch = self.set_interval(0.02, self.trail_lost)

    def follow_trail(self, gen: int, nodes: list[DOMNode]) -> None:
        """Queue the next step of the trail behind what ``nodes[0]`` has still to process."""
        if gen != self.trail_gen:
            return
        while nodes:
            node, rest = nodes[0], nodes[1:]
            self.trail_at = node
            if node.call_later(self.follow_trail, gen, rest):
                return
            nodes = rest  # a node that closed: on up
        self.trail_at = None
        self.call_later(self.keys_go_on, gen)

    def trail_lost(self) -> None:
        """Every 20 ms while keys wait: a node that went away (a dialog the Enter
        closed) never runs its step, so the keys go on without it."""
        node = self.trail_at
        if self.waiting_keys is None:
            if self.trail_watch is not None:
                self.trail_watch.stop()
                self.trail_watch = None
            return
        if node is not None and node is not self and not node.is_attached:
            self.trail_at = None
            self.call_later(self.keys_go_on, self.trail_gen)

    async def keys_go_on(self, gen: int) -> None:
        """The waiting keys, in order, as if they were typed now (one may make the rest wait again)."""
        if gen != self.trail_gen or self.waiting_keys is None:
            return
        self.trail_gen += 1
        keys, self.waiting_keys = self.waiting_keys, None
        for i, k in enumerate(keys):
            if self.keys_wait_again(keys[i:]):
                return
            key = events.Key(k.key, k.character)  # anew: the kept one was taken off the app's queue
            key.set_sender(self)
            await self.on_event(key)

    def keys_wait_again(self, keys: list[events.Key]) -> bool:
        """True when a key just sent made the keys after it wait (they are kept, in order)."""
        if self.waiting_keys is None:
            return False
        self.waiting_keys.extend(keys)
        return True
