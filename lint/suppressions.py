"""Inline suppressions, applied by the engine after the rules ran.

- ``# noqa`` (every finding on the line), ``# noqa: TL101,TL2`` (codes or prefixes);
- ``# torchlint: ignore`` and ``# torchlint: ignore[TL101, TL2]``: the same, in our own words;
- ``# torchlint: ignore-file`` (or ``ignore-file[TL3]``) anywhere in a file: the whole file.

A directive on a line covers findings that start on that line. Codes another tool owns
(``# noqa: E501``) are left alone. Rule TL001 reports directives that suppressed nothing: a
code whose rule ran on the file and found nothing there, a code no installed rule has, or a bare
``# torchlint: ignore`` with nothing to hide. A bare ``# noqa`` is never reported, since it may
be there for another linter.
"""

from __future__ import annotations

import io
import re
import tokenize
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Optional

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.source import line_starts, source_lines

UNUSED_SUPPRESSION_CODE = "TL001"
UNUSED_SUPPRESSION_NAME = "unused-suppression"
OUR_PREFIX = "TL"

# Codes are upper case; after the first, a space-separated word counts only if it has digits,
# so "# noqa: TL101 because ..." keeps its explanation out of the codes.
_NOQA = re.compile(
    r"#\s*(?i:noqa)(?!\w)(?P<colon>\s*:\s*)?"
    r"(?(colon)(?P<codes>[A-Z]+[0-9]*(?:\s*,\s*[A-Z]+[0-9]*|\s+[A-Z]+[0-9]+)*)?)"
)
_TORCHLINT = re.compile(r"#\s*torchlint:\s*(?P<kind>ignore-file|ignore)(?:\[(?P<codes>[^\]]*)\])?")
_CODE = re.compile(r"^[A-Z]+[0-9]*$")


@dataclass
class Directive:
    line: int
    column: int  # 1-based, of the directive's ``#``
    end_column: int
    text: str
    kind: str  # "noqa", "ignore" or "ignore-file"
    codes: Optional[tuple[str, ...]]  # None: every code
    used_codes: set[str] = field(default_factory=set)
    used: bool = False

    def matches(self, code: str) -> Optional[str]:
        """The selector of this directive that covers ``code`` ("*" for a bare directive)."""
        if self.codes is None:
            return "*"
        for selector in self.codes:
            if code.startswith(selector):
                return selector
        return None


def _comments(text: str, top_lines: Sequence[int] = ()) -> list[tuple[int, int, str]]:
    """(line, 0-based column, comment text) of the comments that may hold a directive; strings
    are never mistaken for one. With ``top_lines`` (the first line of each top-level statement:
    the summary's) only the top-level statements holding a line that names a directive are
    tokenized, each on its own (Python's tokenizer is slow, and a file's directives are mostly
    a few ``# noqa: F401`` among its imports)."""
    if not top_lines:
        return _chunk_comments(text, 1)
    starts = line_starts(text)
    spans: dict[int, int] = {}  # first line -> line after, of each statement to tokenize
    for offset in _directive_words(text):
        line = bisect_right(starts, offset)
        position = bisect_right(top_lines, line)
        first = top_lines[position - 1] if position else 1
        spans[first] = top_lines[position] if position < len(top_lines) else len(starts) + 1
    found = []
    for first, after in spans.items():
        end = starts[after - 1] if after <= len(starts) else None
        found.extend(_chunk_comments(text[starts[first - 1] : end], first))
    return found


def _chunk_comments(chunk: str, first: int) -> list[tuple[int, int, str]]:
    """The comments of ``chunk``, whole top-level statements starting on line ``first``."""
    try:
        return [
            (token.start[0] + first - 1, token.start[1], token.string)
            for token in tokenize.generate_tokens(io.StringIO(chunk).readline)
            if token.type == tokenize.COMMENT
        ]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        # The tokenizer of this Python may not know newer syntax that libcst parsed; fall back
        # to a line scan, which can only over-read a '#' inside a string.
        found = []
        for number, line in enumerate(source_lines(chunk), start=first):
            index = line.find("#")
            if index != -1:
                found.append((number, index, line[index:]))
        return found


def _split_codes(raw: str) -> tuple[str, ...]:
    return tuple(part for part in re.split(r"[\s,]+", raw.strip()) if part)


def _directive_words(text: str) -> list[int]:
    """Offsets of the words every directive holds (``noqa`` in any case, ``torchlint:``): a line
    without one holds none. Found with ``str.find`` (``noqa`` in the lowered text): a
    case-insensitive regular expression tries every position (more than a parse of the
    comments it spares)."""
    lowered = text.lower()
    if len(lowered) != len(text):  # a letter that lowers to two: keep the offsets
        lowered = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    found = []
    for word, searched in (("noqa", lowered), ("torchlint:", text)):
        at = searched.find(word)
        while at != -1:
            found.append(at)
            at = searched.find(word, at + len(word))
    return sorted(found)


def parse_directives(text: str, top_lines: Sequence[int] = ()) -> list[Directive]:
    """The directives in ``text``'s comments; ``top_lines`` as for ``_comments``."""
    if "noqa" not in text.lower() and "torchlint:" not in text:
        return []  # the common case, without tokenizing
    directives: list[Directive] = []
    for line, column, comment in _comments(text, top_lines):
        for match in _TORCHLINT.finditer(comment):
            raw = match.group("codes")
            directives.append(
                Directive(
                    line=line,
                    column=column + match.start() + 1,
                    end_column=column + match.end() + 1,
                    text=match.group(0),
                    kind=match.group("kind"),
                    codes=_split_codes(raw) if raw is not None and raw.strip() else None,
                )
            )
        for match in _NOQA.finditer(comment):
            raw = match.group("codes")
            if match.group("colon") is not None and not raw:
                continue  # a colon and then no code: not a blanket suppression either
            directives.append(
                Directive(
                    line=line,
                    column=column + match.start() + 1,
                    end_column=column + match.end() + 1,
                    text=match.group(0).strip(),
                    kind="noqa",
                    codes=_split_codes(raw) if raw else None,
                )
            )
    return directives


def _suppress(diagnostic: Diagnostic, directives: Sequence[Directive], explicit_only: bool) -> bool:
    suppressed = False
    for directive in directives:
        if directive.kind != "ignore-file" and directive.line != diagnostic.line:
            continue
        if explicit_only and directive.codes is None and directive.kind != "ignore-file":
            continue
        selector = directive.matches(diagnostic.code)
        if selector is None:
            continue
        directive.used = True
        directive.used_codes.add(selector)
        suppressed = True
    return suppressed


def apply_suppressions(
    path: str,
    text: str,
    diagnostics: Sequence[Diagnostic],
    ran_codes: Iterable[str],
    known_codes: Iterable[str],
    report_unused: bool,
    top_lines: Sequence[int] = (),
) -> list[Diagnostic]:
    """The diagnostics no directive suppresses, plus TL001 findings when ``report_unused``.

    ``ran_codes`` are the rules that ran on this file (only their codes can be judged unused);
    ``known_codes`` are every installed rule's (a code outside them is unknown); ``top_lines``:
    the first line of each top-level statement, when known (see ``_comments``).
    """
    directives = parse_directives(text, top_lines)
    if not directives:
        return list(diagnostics)
    kept = [d for d in diagnostics if not _suppress(d, directives, explicit_only=False)]
    if not report_unused:
        return kept
    ran = tuple(ran_codes)
    known = tuple(known_codes)
    unused = [
        finding
        for directive in directives
        if (finding := _unused_finding(path, directive, ran, known)) is not None
    ]
    # A TL001 finding is hidden only by a directive that names it (or ignore-file): a bare
    # directive that suppressed nothing must not hide its own report.
    kept.extend(d for d in unused if not _suppress(d, directives, explicit_only=True))
    return kept


def _unused_finding(
    path: str, directive: Directive, ran: tuple[str, ...], known: tuple[str, ...]
) -> Optional[Diagnostic]:
    if directive.codes is None:
        if directive.kind == "noqa" or directive.used:
            return None
        reason = "nothing here to suppress"
    else:
        problems = []
        for selector in directive.codes:
            if selector in directive.used_codes or not _CODE.match(selector):
                continue
            if not any(code.startswith(selector) for code in known):
                if selector.startswith(OUR_PREFIX):
                    problems.append(f"{selector} is not a known rule code")
                continue  # another tool's code
            if any(code.startswith(selector) for code in ran):
                problems.append(f"{selector} reported nothing")
        if not problems:
            return None
        reason = "; ".join(problems)
    scope = "in this file" if directive.kind == "ignore-file" else "on this line"
    return Diagnostic(
        path=path,
        line=directive.line,
        column=directive.column,
        end_line=directive.line,
        end_column=directive.end_column,
        code=UNUSED_SUPPRESSION_CODE,
        name=UNUSED_SUPPRESSION_NAME,
        message=f"unused suppression `{directive.text.strip()}` {scope}: {reason}",
        severity="warning",
        targets=(),
    )
