"""An append-only record a state carries (finished races, account entries, values per round),
shared between the states of successive actions instead of copied into each.

A Journal never changes: `appended` returns a new one that shares every full chunk of the old,
so an action that adds an entry costs one small chunk, whatever the length of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from referee.engine.rules import Shared

CHUNK = 64  # items per shared chunk
T = TypeVar("T")


class Journal(Shared, Sequence):
    """An immutable sequence with a cheap `appended`; reads like a tuple."""

    __slots__ = ("_chunks", "_tail", "_length", "_derived")

    def __init__(self, items: Iterable[Any] = ()):
        items = tuple(items)
        full = len(items) - len(items) % CHUNK
        self._chunks: tuple[tuple, ...] = tuple(
            items[i:i + CHUNK] for i in range(0, full, CHUNK))
        self._tail: tuple = items[full:]
        self._length = len(items)
        self._derived: dict | None = None

    def appended(self, *items: Any) -> Journal:
        """A Journal holding these items after this one's (this one stays as it is)."""
        new = Journal.__new__(Journal)
        chunks, tail = self._chunks, self._tail + items
        while len(tail) >= CHUNK:
            chunks, tail = chunks + (tail[:CHUNK],), tail[CHUNK:]
        new._chunks, new._tail, new._length = chunks, tail, self._length + len(items)
        new._derived = None
        return new

    def derived(self, key: Hashable, compute: Callable[[Journal], T]) -> T:
        """`compute(self)`, worked out once for this very journal and kept with it (a journal
        never changes, so neither does what is derived from it): every page drawn between two
        entries reads the same figures without going through the whole journal again. `key`
        names the computation and everything else it depends on."""
        kept = self._derived
        if kept is None:
            kept = self._derived = {}
        if key not in kept:
            kept[key] = compute(self)
        return kept[key]

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Any]:
        for chunk in self._chunks:
            yield from chunk
        yield from self._tail

    def __reversed__(self) -> Iterator[Any]:
        yield from reversed(self._tail)
        for chunk in reversed(self._chunks):
            yield from reversed(chunk)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return tuple(self)[index]
        position = index + self._length if index < 0 else index
        if not 0 <= position < self._length:
            raise IndexError("Journal index out of range")
        chunk, offset = divmod(position, CHUNK)
        if chunk < len(self._chunks):
            return self._chunks[chunk][offset]
        return self._tail[offset]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Journal, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Journal({list(self)!r})"

    def __reduce__(self) -> tuple:
        return Journal, (tuple(self),)

    def __copy__(self) -> Journal:
        return self

    def __deepcopy__(self, memo: dict) -> Journal:
        return self
