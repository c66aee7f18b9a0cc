"""docs/storage.md (one writer an event): core.store.lock, the event's lock file
without the filelock package on POSIX (start-up: issue 31)."""

from __future__ import annotations

import errno
import subprocess
import sys

import pytest

from core.store import lock


def test_design2_lock_excludes_another_holder_and_lets_it_in_once_released(tmp_path):
    path = str(tmp_path / ".ev.lock")
    a, b = lock.FileLock(path), lock.FileLock(path)
    a.acquire(timeout=0)
    a.acquire(timeout=0)  # re-entrant in one object (the app's threads share the store)
    with pytest.raises(lock.Timeout):
        b.acquire(timeout=0)
    with pytest.raises(lock.Timeout):
        b.acquire(timeout=0.1, poll_interval=0.02)  # waits, then gives up
    a.release()
    assert a.is_locked, "one acquisition is still held"
    with pytest.raises(lock.Timeout):
        b.acquire(timeout=0)
    a.release()
    assert not a.is_locked
    b.acquire(timeout=0)
    assert b.is_locked and (tmp_path / ".ev.lock").exists()
    b.release()


def test_design2_lock_held_by_another_process_is_seen(tmp_path):
    path = tmp_path / ".ev.lock"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            (
                "import sys; from core.store.lock import FileLock; l = FileLock(sys.argv[1]); "
                "l.acquire(timeout=0); print('held', flush=True); sys.stdin.read()"
            ),
            str(path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(lock.Timeout):
            lock.FileLock(str(path)).acquire(timeout=0)
    finally:
        holder.communicate("")
    mine = lock.FileLock(str(path))
    mine.acquire(timeout=0)  # the holder is gone: its lock with it
    mine.release()


def test_design2_lock_falls_back_to_filelock_where_flock_cannot_lock(tmp_path, monkeypatch):
    """A file system without flock (ENOSYS) gets filelock's own fallbacks, still one holder."""
    if lock.fcntl is None:
        pytest.skip("no fcntl: filelock is always used")
    real = lock.fcntl.flock
    calls = []

    class NoFlock:
        LOCK_EX, LOCK_NB, LOCK_UN = real.__self__.LOCK_EX, real.__self__.LOCK_NB, real.__self__.LOCK_UN

        @staticmethod
        def flock(fd, op):
            calls.append(op)
            raise OSError(errno.ENOSYS, "Function not implemented")

    monkeypatch.setattr(lock, "fcntl", NoFlock)
    a = lock.FileLock(str(tmp_path / ".ev.lock"))
    a.acquire(timeout=0)
    assert calls and a.is_locked
    monkeypatch.setattr(lock, "fcntl", real.__self__)
    with pytest.raises(lock.Timeout):
        lock.FileLock(str(tmp_path / ".ev.lock")).acquire(timeout=0)
    a.release()
    assert not a.is_locked
