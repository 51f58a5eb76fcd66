"""Adding a game's board (a Rail Baron map, a Prairie Railroads board...) from uploaded files:
safe names, size limits, the game's own validator before storing.

No Flask here: the boards page hands over (file name, bytes) pairs and the game's `Boards`
(referee.games.contract). The files are written to a hidden staging folder inside the
instance's `<boards.folder>/`, checked there with `boards.check`, and only a board without
errors is moved to `<boards.folder>/<key>/`. A board with errors is not stored at all; its
report says what to fix. A shipped board is never overwritten; one of this laptop only once the
owner said yes: the checked upload waits in `<boards.folder>/.pending/<token>/` for
`replace_board` (or `drop_pending`). Spreadsheet cells are cleaned on the way in
(referee/web/cells.py) by the kinds of the game's columns (`Boards.cell_kinds`), each change
said; the manifest is written with the key the board is kept under. `export_board` packs a
board with its key, `delete_board` removes one of this laptop.
"""

from __future__ import annotations

import io
import re
import secrets
import shutil
import tempfile
import time
import tomllib
import zipfile
import zlib
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from referee.games.contract import ERROR, Boards, Problem, fold
from referee.web.cells import clean_csv

MAX_FILE_BYTES = 1_000_000  # a 100-city payoff chart is about 150 kB
MAX_TOTAL_BYTES = 4_000_000
MAX_NAME_SHOWN = 80  # a file left out is named, cut to this length
MAX_FILES = 20
MAX_ZIP_MEMBERS = 50
KEY = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
CSV_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,59}\.csv")
KEY_RULE = ("1 to 40 characters: small letters a-z, digits, - and _, starting with a letter "
            "or a digit")
PENDING = re.compile(r"[0-9a-f]{16}")  # the token of an upload waiting for "replace?"
PENDING_DAYS = 1  # a pending upload older than this is thrown away
TOP_KEY = re.compile(r"(?m)^[ \t]*key[ \t]*=.*$")


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
    folder: str = ""  # the one folder a .zip held them in (an exported board's key)


@dataclass(frozen=True)
class Added:
    """The outcome of adding a board: its validation report, and whether it was stored."""

    key: str
    problems: list[Problem] = field(default_factory=list)
    stored: bool = False
    left_out: tuple[str, ...] = ()  # files given but not stored: not the manifest or a table
    cleaned: tuple[str, ...] = ()  # spreadsheet cells read leniently ("'20,000' read as 20000")
    pending: str = ""  # checked, not stored: the key is taken; the token that replaces it

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
    folder = ""
    if len(given) == 1 and given[0][0].lower().endswith(".zip"):
        given, folder = _unzip(*given[0], noun)
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
    return Upload(boards, files, tuple(ignored), folder)


def _unzip(name: str, data: bytes, noun: str) -> tuple[list[tuple[str, bytes]], str]:
    """The files of a .zip, with a folder all of them share taken off their names, and that
    folder's name ("" when they lie in the zip itself)."""
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
            names, top = _member_names([info.filename for info in members], noun)
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
            return out, top
    except UploadError:
        raise
    except (zipfile.BadZipFile, zlib.error, RuntimeError, NotImplementedError, EOFError,
            ValueError) as err:
        raise UploadError([f"{name} is not a zip file that can be read ({err})."]) from None


def _member_names(names: list[str], noun: str) -> tuple[list[str], str]:
    """Member names without the one top folder they all share (and that folder's name); a
    deeper folder is refused."""
    parts = [PurePosixPath(n.replace("\\", "/")).parts for n in names]
    tops = {p[0] for p in parts if len(p) > 1}
    top = ""
    if len(tops) == 1 and all(len(p) == 2 for p in parts):
        parts = [p[1:] for p in parts]
        top = next(iter(tops))
    out = []
    for original, p in zip(names, parts, strict=True):
        if len(p) != 1 or p[0] in ("..", "/"):
            raise UploadError([f"Refused {_shown(original)} in the zip: the {noun}'s files must "
                               "lie in the zip itself or in one folder of it."])
        out.append(p[0])
    return out, top


def _manifest(upload: Upload) -> dict:
    data = upload.files.get(upload.boards.manifest)
    if data is None:
        return {}
    try:
        return tomllib.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return {}


def manifest_key(upload: Upload) -> str | None:
    """The `key` the uploaded manifest gives, else the folder of the .zip (an export carries
    its key so), else one made from the manifest's `name`, if it can be read."""
    manifest = _manifest(upload)
    key, name = manifest.get("key"), manifest.get("name")
    if isinstance(key, str) and key.strip():
        return key.strip()
    if upload.folder and getattr(upload.boards, "key_pattern", KEY).fullmatch(upload.folder):
        return upload.folder
    if not isinstance(name, str):
        return None
    key = key_from_name(name)
    pattern = getattr(upload.boards, "key_pattern", KEY)
    if key is None or pattern.fullmatch(key):
        return key
    short = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_0123456789")[:12].rstrip("_")
    return short if pattern.fullmatch(short) else key  # a game's own shorter keys (a box's)


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


def check_key(key: str, boards: Boards) -> str:
    """`key` if it can name a board folder of the game; UploadError otherwise. A game whose
    keys are written otherwise names its own `key_pattern` and `key_rule` (Railroad Barons)."""
    pattern = getattr(boards, "key_pattern", KEY)
    if not pattern.fullmatch(key):
        rule = getattr(boards, "key_rule", KEY_RULE)
        raise UploadError([f"The {boards.noun} key {_shown(key)} does not fit: {rule}."])
    return key


def _cleaned(upload: Upload, named: dict[str, bytes]) -> tuple[dict[str, bytes], list[str]]:
    """The CSV files with their spreadsheet cells cleaned (referee/web/cells.py) by the kinds of
    the game's columns, and what was cleaned, said cell by cell."""
    kinds = getattr(upload.boards, "cell_kinds", {})
    out: dict[str, bytes] = {}
    notices: list[str] = []
    for name, data in named.items():
        if not name.lower().endswith(".csv"):
            out[name] = data
            continue
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:  # the game's check says it is not UTF-8
            out[name] = data
            continue
        cleaned = clean_csv(name, text, kinds)
        out[name] = cleaned.text.encode("utf-8") if cleaned.text != text else data
        notices.extend(cleaned.notices)
        notices.extend(cleaned.doubts)  # left as typed: the check refuses it, this says why
    return out, notices


def _pending_root(target: Path) -> Path:
    return target.parent / ".pending"


def _sweep(pending: Path) -> None:
    """Throw away uploads that waited for an answer longer than PENDING_DAYS."""
    if not pending.is_dir():
        return
    old = time.time() - PENDING_DAYS * 86400
    for folder in pending.iterdir():
        try:
            if folder.stat().st_mtime < old:
                shutil.rmtree(folder, ignore_errors=True)
        except OSError:
            continue


def add_board(upload: Upload, key: str, instance_dir: Path, taken: Collection[str]) -> Added:
    """Check the uploaded board as the folder `<instance>/<boards.folder>/<key>` and store it
    there if it has no error. `taken` are the keys of the shipped boards, which an upload never
    replaces. When this laptop has a board `key` already, the checked board waits in a pending
    folder: `Added.pending` is the token `replace_board` takes once the owner said yes."""
    boards, noun = upload.boards, upload.boards.noun
    check_key(key, boards)
    target = Path(instance_dir) / boards.folder / key
    if key in taken:
        raise UploadError([f"{key!r} is the key of a {noun} that comes with referee; choose "
                           "another key."])
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".upload-", dir=target.parent))
    try:
        folder = staging / key
        folder.mkdir()
        named, cleaned = _cleaned(upload, _named(upload))
        if boards.manifest in named:  # kept under the key given, whatever its manifest said
            named[boards.manifest] = _with_key(named[boards.manifest], key)
        for name, data in named.items():
            (folder / name).write_bytes(data)
        left_out = tuple(_cut(name) for name in
                         (*upload.ignored, *sorted(set(upload.files) - set(named))))
        problems = fold(boards.check(folder))
        if any(p.severity == ERROR for p in problems):
            return Added(key, problems, stored=False, left_out=left_out, cleaned=tuple(cleaned))
        if target.exists():
            pending = _pending_root(target)
            _sweep(pending)
            token = secrets.token_hex(8)
            (pending / token).mkdir(parents=True)
            folder.rename(pending / token / key)
            return Added(key, problems, stored=False, left_out=left_out,
                         cleaned=tuple(cleaned), pending=token)
        folder.rename(target)
        return Added(key, problems, stored=True, left_out=left_out, cleaned=tuple(cleaned))
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def replace_board(boards: Boards, key: str, token: str, instance_dir: Path,
                  taken: Collection[str]) -> bool:
    """Put the pending upload `token` in place of this laptop's board `key` (the owner said
    yes); False when there is no such pending upload (answered already, or too old)."""
    check_key(key, boards)
    if key in taken or not PENDING.fullmatch(token):
        return False
    target = Path(instance_dir) / boards.folder / key
    waiting = _pending_root(target) / token
    if not (waiting / key).is_dir():
        return False
    old = target.parent / f".replaced-{token}"
    if target.exists():
        target.rename(old)
    (waiting / key).rename(target)
    shutil.rmtree(old, ignore_errors=True)
    shutil.rmtree(waiting, ignore_errors=True)
    return True


def drop_pending(boards: Boards, key: str, token: str, instance_dir: Path) -> None:
    """Throw away a pending upload (the owner said no)."""
    if PENDING.fullmatch(token):
        target = Path(instance_dir) / boards.folder / check_key(key, boards)
        shutil.rmtree(_pending_root(target) / token, ignore_errors=True)


def delete_board(boards: Boards, key: str, instance_dir: Path, taken: Collection[str]) -> bool:
    """Delete this laptop's board `key` (never a shipped one); False when there is none."""
    check_key(key, boards)
    target = Path(instance_dir) / boards.folder / key
    if key in taken or not target.is_dir():
        return False
    gone = target.parent / f".deleted-{secrets.token_hex(8)}"
    target.rename(gone)  # out of every list at once, then removed
    shutil.rmtree(gone, ignore_errors=True)
    return True


def export_board(folder: Path, key: str, manifest: str) -> bytes:
    """A board folder as a .zip holding one folder named `key`, its manifest carrying `key` (so
    that uploading the .zip again with no key given finds it)."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(Path(folder).iterdir()):
            if not path.is_file():
                continue
            content = path.read_bytes()
            if path.name == manifest:
                content = _with_key(content, key)
            archive.writestr(f"{key}/{path.name}", content)
    return data.getvalue()


def _with_key(manifest: bytes, key: str) -> bytes:
    """The manifest naming `key`: its top-level `key = ...` line rewritten, or one put first."""
    try:
        text = manifest.decode("utf-8-sig")
        if tomllib.loads(text).get("key") == key:
            return manifest
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return manifest  # the game's check says what is wrong with it
    line = f'key = "{key}"'
    head, table, tail = text.partition("\n[")  # top-level keys come before the first table
    if TOP_KEY.search(head):
        text = TOP_KEY.sub(line, head, count=1) + table + tail
    else:
        text = f"{line}\n{text}"
    return text.encode("utf-8")


def zip_folder(folder: Path, name: str) -> bytes:
    """The files of `folder` as a .zip holding one folder called `name`."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(Path(folder).iterdir()):
            if path.is_file():
                archive.write(path, f"{name}/{path.name}")
    return data.getvalue()
