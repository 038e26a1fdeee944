"""Map what torch reports (tracebacks, error text, warnings) to the user's file:line.

"User files" are Python files under the user's roots (the working folder and the target's
folder) that are not part of an installed package, the standard library or torchlint.
"""

from __future__ import annotations

import os
import re
import sys
import sysconfig
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Optional

_FILE_LINE = re.compile(r'File "([^"]+)", line (\d+)')
_GB_CODE = re.compile(r"\b(gb\d{4})\b", re.IGNORECASE)
# The verifier's own frames are never the user's (the packages may sit in the user's checkout).
_OWN_FOLDERS = (os.path.dirname(os.path.abspath(__file__)),)


@dataclass(frozen=True)
class Location:
    file: str
    line: int

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line}


class UserFiles:
    """Decides whether a path is the user's code."""

    def __init__(self, roots: Sequence[str]) -> None:
        self.roots = tuple(os.path.realpath(r) + os.sep for r in roots if r)
        excluded = {sys.prefix, sys.base_prefix, sys.exec_prefix}
        for key in ("stdlib", "platstdlib", "purelib", "platlib"):
            path = sysconfig.get_paths().get(key)
            if path:
                excluded.add(path)
        excluded.update(_OWN_FOLDERS)
        self.excluded = tuple(os.path.realpath(p) + os.sep for p in excluded)
        self._cache: dict[str, bool] = {}

    def __contains__(self, path: object) -> bool:
        if not isinstance(path, str) or not os.path.isabs(path):
            return False
        known = self._cache.get(path)
        if known is None:
            real = os.path.realpath(path) if path.endswith(".py") else ""
            known = bool(real) and any(real.startswith(r) for r in self.roots)
            known = known and not any(real.startswith(e) for e in self.excluded)
            known = known and "site-packages" not in real.split(os.sep)
            self._cache[path] = known
        return known


def gb_code(text: str) -> Optional[str]:
    """The Dynamo graph-break code (``GB0170``) a message links to, if any."""
    match = _GB_CODE.search(text)
    return match.group(1).upper() if match else None


def first_line(exc: BaseException) -> str:
    lines = [line for line in str(exc).strip().splitlines() if line.strip()]
    text = lines[0].strip() if lines else ""
    return f"{type(exc).__name__}: {text[:400]}" if text else type(exc).__name__


def locations_in_text(text: str, user: UserFiles) -> list[Location]:
    return [Location(os.path.realpath(f), int(n)) for f, n in _FILE_LINE.findall(text) if f in user]


def _chain(exc: BaseException) -> Iterable[BaseException]:
    seen: set[int] = set()
    current: Optional[BaseException] = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _innermost_user_frame(tb: Optional[TracebackType], user: UserFiles) -> Optional[Location]:
    found = None
    for frame in traceback.extract_tb(tb):
        if frame.filename in user and frame.lineno:
            found = Location(os.path.realpath(frame.filename), frame.lineno)
    return found


def locate_exception(exc: BaseException, user: UserFiles) -> Optional[Location]:
    """Where in user code an error points.

    Dynamo lists the user frames after "from user code:", innermost last; TorchScript names the
    offending source first ('File "m.py", line 12 ... <--- HERE'), then its callers; otherwise
    the innermost user frame of the Python traceback (of the exception or what caused it).
    """
    for item in _chain(exc):
        text = str(item)
        if "from user code:" in text:
            found = locations_in_text(text.split("from user code:", 1)[1], user)
            if found:
                return found[-1]
        found = locations_in_text(text, user)
        if found:
            return found[0]
    for item in _chain(exc):
        frame = _innermost_user_frame(item.__traceback__, user)
        if frame:
            return frame
    return None


def locate_stack(user: UserFiles) -> Optional[Location]:
    """The innermost user frame of the current call stack (for warnings raised inside torch)."""
    for frame in reversed(traceback.extract_stack()):
        if frame.filename in user and frame.lineno:
            return Location(os.path.realpath(frame.filename), frame.lineno)
    return None
