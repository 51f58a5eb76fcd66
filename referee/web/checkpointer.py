"""When to move committed actions from the write-ahead log into the database file itself.

SQLite moves the log into the file by itself only once the log holds 1,000 pages, hours of a
game night; until then an action lives in `referee.db-wal` alone, and a clean-up tool that
deletes that file takes it away. So after a burst of writes, once the server has been quiet
for QUIET seconds (and at least every LONGEST seconds of writes without a pause), a passive
checkpoint copies the log into the file. It runs on a thread of its own, started by the first
write of a burst and ended when nothing is left to do; writers never wait for it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

QUIET = 0.5  # seconds without a write: the burst is over
LONGEST = 5.0  # seconds from the first write not yet in the file, pauses or none

log = logging.getLogger(__name__)


class Checkpointer:
    """Runs `work` (a checkpoint) once the writes noted by `written` pause."""

    def __init__(self, work: Callable[[], object], quiet: float = QUIET,
                 longest: float = LONGEST):
        self._work = work
        self._quiet, self._longest = quiet, longest
        self._changed = threading.Condition()
        self._first: float | None = None  # when the first write not yet checkpointed came
        self._last = 0.0
        self._thread: threading.Thread | None = None
        self._stopped = False

    def written(self) -> None:
        """Note a committed write: a checkpoint follows once the writes pause."""
        with self._changed:
            if self._stopped:
                return
            self._last = time.monotonic()
            if self._first is None:
                self._first = self._last
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="referee-checkpoint",
                                                daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def _wait_for_a_pause(self) -> bool:
        """Wait (holding the condition) until the writes pause; False once stopped."""
        while not self._stopped and self._first is not None:
            now = time.monotonic()
            due = min(self._last + self._quiet, self._first + self._longest)
            if now >= due:
                self._first = None
                return True
            self._changed.wait(due - now)
        return False

    def _run(self) -> None:
        while True:
            with self._changed:
                if not self._wait_for_a_pause():
                    self._thread = None
                    self._changed.notify_all()
                    return
            try:
                self._work()
            except Exception:  # a checkpoint that fails is tried again after the next write
                log.exception("moving the write-ahead log into the database file failed")

    def wait(self) -> None:
        """Return once every write noted so far has had its checkpoint (or on stop)."""
        with self._changed:
            while self._thread is not None:
                self._changed.wait()

    def stop(self) -> None:
        """No more checkpoints: a running one is waited for."""
        with self._changed:
            self._stopped = True
            self._changed.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()
