"""The lock file of an event: one writer at a time, across processes.

On POSIX this is :func:`fcntl.flock` on the lock file, as the ``filelock``
package does it, without importing that package: its import costs more
CPU than the rest of ``lycee result``'s start-up.  The lock file
stays in place on release (waiters share its inode).  Where ``flock`` is
missing (Windows, or a file system that answers ENOSYS/ENOLCK/EOPNOTSUPP)
the lock is ``filelock.FileLock``, which knows those platforms.

:class:`FileLock` has the part of ``filelock.FileLock``'s interface the
store uses: ``acquire(timeout, poll_interval)`` raising :class:`Timeout`,
``release()`` and ``is_locked``.  It is re-entrant in one object (the
store is shared by the app's threads) and, like ``flock``, two objects over
the same file exclude each other even in one process.
"""

from __future__ import annotations

import errno
import os
import time
from typing import Any

from core.paths import PRIVATE_FILE, open_private

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

#: flock answers these where the file system cannot lock: filelock's own fallbacks take over.
NO_FLOCK = {errno.ENOSYS, errno.ENOLCK, errno.EOPNOTSUPP, getattr(errno, "ENOTSUP", errno.EOPNOTSUPP)}


class Timeout(Exception):
    """The lock is held elsewhere and was not freed in time."""

    def __init__(self, path: str):
        self.lock_file = path
        super().__init__(f"The file lock '{path}' could not be acquired.")


def _flock_now(fd: int) -> bool | None:
    """Try the exclusive flock of ``fd`` once: True taken, False held elsewhere, None: no flock here."""
    assert fcntl is not None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as err:
        if err.errno in NO_FLOCK:
            return None
        if err.errno not in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES):
            raise
        return False
    return True


class FileLock:
    """An exclusive lock on ``path`` (see the module doc)."""

    def __init__(self, path: str, thread_local: bool = False):
        self.lock_file = str(path)
        self._fd: int | None = None
        self._count = 0
        self._other: Any = None  # filelock.FileLock, where flock cannot lock

    @property
    def is_locked(self) -> bool:
        return self._count > 0

    def acquire(self, timeout: float = -1, poll_interval: float = 0.05) -> None:
        """Take the lock, waiting up to ``timeout`` seconds (negative: for ever);
        raises :class:`Timeout` when it stays held."""
        if self._count:
            self._count += 1
            return
        if fcntl is None or self._other is not None:
            self._acquire_other(timeout, poll_interval)
            return
        fd = open_private(self.lock_file, os.O_RDWR | os.O_CREAT)
        try:
            taken = self._wait_flock(fd, timeout, poll_interval)
        except BaseException:
            os.close(fd)
            raise
        if not taken:  # a file system without flock: the portable lock instead
            os.close(fd)
            self._acquire_other(timeout, poll_interval)
            return
        self._fd = fd
        self._count = 1

    def _wait_flock(self, fd: int, timeout: float, poll_interval: float) -> bool:
        """Take the flock of ``fd``, waiting up to ``timeout`` seconds (negative: for ever): True once
        taken, False when the file system has no flock; :class:`Timeout` when it stays held."""
        deadline = time.monotonic() + timeout
        while True:
            taken = _flock_now(fd)
            if taken is not False:
                return taken is True
            if timeout >= 0 and time.monotonic() >= deadline:
                raise Timeout(self.lock_file)
            time.sleep(poll_interval)

    def _acquire_other(self, timeout: float, poll_interval: float) -> None:
        # lazy: filelock, which only a writer on a system without fcntl needs
        import filelock

        if self._other is None:
            self._other = filelock.FileLock(self.lock_file, thread_local=False, mode=PRIVATE_FILE)
        try:
            self._other.acquire(timeout=timeout, poll_interval=poll_interval)
        except filelock.Timeout:
            raise Timeout(self.lock_file) from None
        self._count = 1

    def release(self) -> None:
        """Give the lock up (the last of re-entrant acquisitions does)."""
        if not self._count:
            return
        self._count -= 1
        if self._count:
            return
        if self._other is not None:
            self._other.release()
            return
        fd, self._fd = self._fd, None
        if fd is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_UN)
            finally:
                os.close(fd)


#: Seconds a command-line writer waits for an event another command holds.
LOCK_WAIT = 5.0


#: The roles of a process that holds an event as its desk (never waited for: it serves a door, core.door).
DESKS = ("app", "serve")


def lock_wait() -> float:
    """How long a command-line writer waits for the lock (``LYCEE_LOCK_WAIT``, seconds)."""
    try:
        return max(0.0, float(os.environ.get("LYCEE_LOCK_WAIT", LOCK_WAIT)))
    except ValueError:
        return LOCK_WAIT


def host_name() -> str:
    """This machine's name, as ``socket.gethostname()`` gives it: where the
    system has ``uname`` its node name is the same text, without importing
    socket for it (a few ms of every command that opens an event for writing)."""
    uname = getattr(os, "uname", None)
    if uname is not None:
        return uname().nodename
    # lazy: socket, only to name the host holding a lock
    import socket

    return socket.gethostname()
