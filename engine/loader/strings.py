"""Where each character of a YAML string value was written in its file.

A string's value is not its text in the file: a folded (``>``) block joins its lines with spaces,
a literal (``|``) block and a multi-line plain or quoted scalar drop each line's indentation, a
quoted scalar drops its escapes (``''``, ``\\"``). :class:`StringMap` maps an offset in the value
back to the file's line and column, so that a rule error in the ninth line of a folded ``do: >``
points at that line, with its text and a caret under the right character.

The value is aligned with the file's text from where the content starts: each character of the
value is matched with the next character of the text that equals it, skipping only what a YAML
scalar may drop (indentation, line breaks, quotes and backslashes); a space or line break of the
value may stand for a folded line break. What cannot be matched (an escape such as ``\\n``) is
taken as written in place of the value's character. The map is computed when first used.
"""

from __future__ import annotations

from distant_galaxy.errors import SourcePos

__all__ = ["StringMap"]

_DROPPED = frozenset(" \t\n\\'\"")
_BLANK = frozenset(" \t\n")


class StringMap:
    """Maps offsets in one string ``value`` to positions in ``file`` (whose ``lines`` are given),
    the value's content starting at 1-based ``line``/``col`` and ending by ``last_line``."""

    __slots__ = ("_places", "col", "file", "last_line", "line", "lines", "value")

    def __init__(self, file: str, lines: list[str], line: int, col: int, last_line: int,
                 value: str) -> None:
        self.file = file
        self.lines = lines
        self.line = line
        self.col = col
        self.last_line = max(last_line, line)
        self.value = value
        self._places: list[tuple[int, int]] | None = None

    def __getstate__(self) -> tuple:
        return (self.file, self.lines, self.line, self.col, self.last_line, self.value)

    def __setstate__(self, state: tuple) -> None:
        self.__init__(*state)  # type: ignore[misc]

    def pos(self, offset: int) -> SourcePos:
        """The position of character ``offset`` of the value (its end for an offset past it)."""
        places = self.places()
        line, col = places[min(max(offset, 0), len(places) - 1)]
        text = self.lines[line - 1] if 1 <= line <= len(self.lines) else None
        return SourcePos(self.file, line, col, text)

    def places(self) -> list[tuple[int, int]]:
        """``(line, col)`` of each character of the value, and one more for its end."""
        if self._places is None:
            self._places = _align(self.value, self._source())
        return self._places

    def _source(self) -> list[tuple[str, int, int]]:
        """The characters of the file from the content's start to the end of ``last_line``,
        each with its line and column (a line break ends each line)."""
        out: list[tuple[str, int, int]] = []
        last = min(self.last_line, len(self.lines))
        for number in range(self.line, last + 1):
            text = self.lines[number - 1]
            first = self.col if number == self.line else 1
            out += [(ch, number, c) for c, ch in enumerate(text[first - 1:], start=first)]
            out.append(("\n", number, len(text) + 1))
        return out


def _align(value: str, source: list[tuple[str, int, int]]) -> list[tuple[int, int]]:
    """The place in ``source`` of each character of ``value`` (see the module docstring)."""
    places: list[tuple[int, int]] = []
    j = 0
    for ch in value:
        if j >= len(source):
            places.append(places[-1] if places else (1, 1))
            continue
        k = _match(ch, source, j)
        if k is not None:
            j = k
            step = 1
        else:  # not in the text as it is: an escape (two characters) or a stand-in
            step = 2 if source[j][0] == "\\" else 1
        places.append((source[j][1], source[j][2]))
        j += step
    if j < len(source):
        end = (source[j][1], source[j][2])
    elif places:
        end = (places[-1][0], places[-1][1] + 1)
    else:
        end = (source[0][1], source[0][2]) if source else (1, 1)
    places.append(end)
    return places


def _match(ch: str, source: list[tuple[str, int, int]], j: int) -> int | None:
    """The index from ``j`` on of the character of ``source`` written for ``ch``, skipping what
    YAML drops; None if there is none."""
    k = j
    while k < len(source):
        found = source[k][0]
        if found == ch or (ch in _BLANK and found in _BLANK):
            return k
        if found not in _DROPPED:
            return None
        k += 1
    return None
