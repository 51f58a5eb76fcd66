"""Adding a game's board (a Rail Baron map, a Prairie Railroads board...) from uploaded files:
safe names, size limits, the game's own validator before storing.

No Flask here: the boards page hands over (file name, bytes) pairs and the game's `Boards`
(referee.games.contract). The files are written to a hidden staging folder inside the
instance's `<boards.folder>/`, checked there with `boards.check`, and only a board without
errors is moved to `<boards.folder>/<key>/`. A board with errors is not stored at all; its
report says what to fix. A shipped board or an existing one is never overwritten.
"""

from __future__ import annotations

import io
import re
import shutil
import tempfile
import tomllib
import zipfile
import zlib
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from referee.games.contract import ERROR, Boards, Problem

MAX_FILE_BYTES = 1_000_000  # a 100-city payoff chart is about 150 kB
MAX_TOTAL_BYTES = 4_000_000
MAX_NAME_SHOWN = 80  # a file left out is named, cut to this length
MAX_FILES = 20
MAX_ZIP_MEMBERS = 50
KEY = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
CSV_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,59}\.csv")
KEY_RULE = ("1 to 40 characters: small letters a-z, digits, - and _, starting with a letter "
            "or a digit")


class UploadError(ValueError):
    """An upload refused before any check of its tables; `problems` say why, one per line."""


    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Upload:
    """The files of one board, by name, and the names that were left out."""

    boards: Boards  # the game's boards: its manifest's name, its word for one, its check
    files: dict[str, bytes]
    ignored: tuple[str, ...] = ()


@dataclass(frozen=True)
class Added:
    """The outcome of adding a board: its validation report, and whether it was stored."""

    key: str
    problems: list[Problem] = field(default_factory=list)
    stored: bool = False
    left_out: tuple[str, ...] = ()  # files given but not stored: not the manifest or a table

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == ERROR]


def _size(n: int) -> str:
    return f"{n / 1_000_000:g} MB"


def _shown(name: str) -> str:
    return repr(name[:MAX_NAME_SHOWN])


def _cut(name: str) -> str:
    """A file name as the report shows it: at most MAX_NAME_SHOWN characters."""
    return name if len(name) <= MAX_NAME_SHOWN else name[:MAX_NAME_SHOWN] + "…"


def _check_name(name: str, manifest: str) -> bool:
    """Whether `name` is a plain file name; raises UploadError for one with a folder in it."""
    if (not name or "/" in name or "\\" in name or name in (".", "..") or "\x00" in name
            or ":" in name):
        raise UploadError([f"Refused the file name {_shown(name)}: give the files by their own "
                           f"names ({manifest}, cities.csv, ...), without folders."])
    return name == manifest or bool(CSV_NAME.fullmatch(name))


def collect(uploads: Iterable[tuple[str, bytes]], boards: Boards) -> Upload:
    """The board files among the uploads: the manifest and CSV files, or the same in one .zip.

    Other files (a HOWTO.md, a note) are left out and listed in `ignored`. Raises UploadError
    for a name with a folder in it, a file too large, too many files or a name given twice.
    """
    noun, manifest = boards.noun, boards.manifest
    given = [(name or "", data) for name, data in uploads if name or data]
    if not given:
        raise UploadError([f"Choose the {noun}'s files: {manifest} and its CSV files, or one "
                           ".zip of the folder."])
    if len(given) == 1 and given[0][0].lower().endswith(".zip"):
        given = _unzip(*given[0], noun)
    if len(given) > MAX_FILES:
        raise UploadError([f"{len(given)} files: a {noun} has at most {MAX_FILES}."])
    files: dict[str, bytes] = {}
    ignored: list[str] = []
    problems: list[str] = []
    total = 0
    for name, data in given:
        if not _check_name(name, manifest):
            ignored.append(name)
            continue
        if name in files:
            problems.append(f"{name} is given twice.")
        if len(data) > MAX_FILE_BYTES:
            problems.append(f"{name} is larger than {_size(MAX_FILE_BYTES)}.")
        total += len(data)
        files[name] = data
    if total > MAX_TOTAL_BYTES:
        problems.append(f"The files come to more than {_size(MAX_TOTAL_BYTES)}.")
    if problems:
        raise UploadError(problems)
    if not files:
        raise UploadError([f"None of these files is {manifest} or a CSV file."])
    return Upload(boards, files, tuple(ignored))


def _unzip(name: str, data: bytes, noun: str) -> list[tuple[str, bytes]]:
    """The files of a .zip, with a folder all of them share taken off their names."""
    if len(data) > MAX_TOTAL_BYTES:
        raise UploadError([f"{name} is larger than {_size(MAX_TOTAL_BYTES)}."])
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [info for info in archive.infolist() if not info.is_dir()
                       and not info.filename.startswith("__MACOSX/")
                       and not PurePosixPath(info.filename).name.startswith(".")]
            if len(members) > MAX_ZIP_MEMBERS:
                raise UploadError([f"{name} holds {len(members)} files: a {noun} upload holds "
                                   f"at most {MAX_ZIP_MEMBERS}."])
            names = _member_names([info.filename for info in members], noun)
            out: list[tuple[str, bytes]] = []
            total = 0
            for info, member in zip(members, names, strict=True):
                if info.file_size > MAX_FILE_BYTES:
                    raise UploadError([f"{member} is larger than {_size(MAX_FILE_BYTES)}."])
                with archive.open(info) as handle:
                    content = handle.read(MAX_FILE_BYTES + 1)
                total += len(content)
                if len(content) > MAX_FILE_BYTES or total > MAX_TOTAL_BYTES:
                    raise UploadError([f"{name} unpacks to more than its files may hold."])
                out.append((member, content))
            return out
    except UploadError:
        raise
    except (zipfile.BadZipFile, zlib.error, RuntimeError, NotImplementedError, EOFError,
            ValueError) as err:
        raise UploadError([f"{name} is not a zip file that can be read ({err})."]) from None


def _member_names(names: list[str], noun: str) -> list[str]:
    """Member names without the one top folder they all share; a deeper folder is refused."""
    parts = [PurePosixPath(n.replace("\\", "/")).parts for n in names]
    tops = {p[0] for p in parts if len(p) > 1}
    if len(tops) == 1 and all(len(p) == 2 for p in parts):
        parts = [p[1:] for p in parts]
    out = []
    for original, p in zip(names, parts, strict=True):
        if len(p) != 1 or p[0] in ("..", "/"):
            raise UploadError([f"Refused {_shown(original)} in the zip: the {noun}'s files must "
                               "lie in the zip itself or in one folder of it."])
        out.append(p[0])
    return out


def _manifest(upload: Upload) -> dict:
    data = upload.files.get(upload.boards.manifest)
    if data is None:
        return {}
    try:
        return tomllib.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return {}


def manifest_key(upload: Upload) -> str | None:
    """The `key` the uploaded manifest gives, else one made from its `name`, if it can be read."""
    manifest = _manifest(upload)
    key, name = manifest.get("key"), manifest.get("name")
    if isinstance(key, str):
        return key
    return key_from_name(name) if isinstance(name, str) else None


def key_from_name(name: str) -> str | None:
    """A folder key made from a board's name: "Test box (2)" gives "test-box-2"."""
    words = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return words[:40].rstrip("-") or None


def _named(upload: Upload) -> dict[str, bytes]:
    """The files the manifest names (all of them when it names none): the ones to store."""
    files = _manifest(upload).get("files")
    if not isinstance(files, dict):
        return dict(upload.files)
    names = {upload.boards.manifest, *(v for v in files.values() if isinstance(v, str))}
    return {name: data for name, data in upload.files.items() if name in names}


def check_key(key: str, noun: str) -> str:
    """`key` if it can name a board folder; UploadError otherwise."""
    if not KEY.fullmatch(key):
        raise UploadError([f"The {noun} key {_shown(key)} does not fit: {KEY_RULE}."])
    return key


def add_board(upload: Upload, key: str, instance_dir: Path, taken: Collection[str]) -> Added:
    """Check the uploaded board as the folder `<instance>/<boards.folder>/<key>` and store it
    there if it has no error. `taken` are the keys of the shipped boards, which an upload never
    replaces."""
    boards, noun = upload.boards, upload.boards.noun
    check_key(key, noun)
    target = Path(instance_dir) / boards.folder / key
    if key in taken:
        raise UploadError([f"{key!r} is the key of a {noun} that comes with referee; choose "
                           "another key."])
    if target.exists():
        raise UploadError([f"This laptop already has a {noun} {key!r}; choose another key (or "
                           f"remove the folder {boards.folder}/{key} from the instance folder "
                           "first)."])
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".upload-", dir=target.parent))
    try:
        folder = staging / key
        folder.mkdir()
        named = _named(upload)
        for name, data in named.items():
            (folder / name).write_bytes(data)
        left_out = tuple(_cut(name) for name in
                         (*upload.ignored, *sorted(set(upload.files) - set(named))))
        problems = boards.check(folder)
        if any(p.severity == ERROR for p in problems):
            return Added(key, problems, stored=False, left_out=left_out)
        if target.exists():
            raise UploadError([f"A {noun} {key!r} was added meanwhile; choose another key."])
        folder.rename(target)
        return Added(key, problems, stored=True, left_out=left_out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def zip_folder(folder: Path, name: str) -> bytes:
    """The files of `folder` as a .zip holding one folder called `name`."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(Path(folder).iterdir()):
            if path.is_file():
                archive.write(path, f"{name}/{path.name}")
    return data.getvalue()
