"""Compiled templates kept in the instance folder, so the first page after a restart does not
compile them again (Jinja checks each against its source), and never in the room a full disk
needs: the laptop whose disk filled up, given back a few megabytes, must spend them on the
games, not on this cache."""

from __future__ import annotations

import shutil
from contextlib import suppress
from pathlib import Path

from jinja2.bccache import Bucket, FileSystemBytecodeCache

FOLDER = "template-cache"
RESERVE = 64 * 1024 * 1024  # a template is kept only if this much stays free after it
CAP = 8 * 1024 * 1024  # the whole cache at most (all the templates take about 1.5 MB)


class TemplateCache(FileSystemBytecodeCache):
    """A template's bytecode written only while the disk keeps `reserve` bytes free after it
    and the folder stays within `cap`; otherwise it is compiled again after a restart (Jinja
    keeps it in memory meanwhile). A folder that cannot be written costs only that."""

    def __init__(self, folder: Path, reserve: int = RESERVE, cap: int = CAP):
        self.folder, self.reserve, self.cap = folder, reserve, cap
        with suppress(OSError):  # there already, or cannot be made: nothing is kept then
            folder.mkdir()
        super().__init__(str(folder))

    def room_for(self, bucket: Bucket, size: int) -> bool:
        """Whether `size` more bytes for `bucket` leave the reserve free and the cap kept."""
        own = Path(self._get_cache_filename(bucket))
        kept = sum(f.stat().st_size for f in self.folder.iterdir() if f != own and f.is_file())
        return (shutil.disk_usage(self.folder).free - size >= self.reserve
                and kept + size <= self.cap)

    def dump_bytecode(self, bucket: Bucket) -> None:
        with suppress(OSError):
            if self.room_for(bucket, len(bucket.bytecode_to_string())):
                super().dump_bytecode(bucket)
