"""Inline suppressions, applied by the engine after the rules ran.

- ``# noqa`` (every finding on the line), ``# noqa: TL101,TL2`` (codes or prefixes);
- ``# torchlint: ignore`` and ``# torchlint: ignore[TL101, TL2]``: the same, in our own words;
- ``# torchlint: ignore-file`` (or ``ignore-file[TL3]``) anywhere in a file: the whole file.

A directive on a line covers findings that start on that line. Codes another tool owns
(``# noqa: E501``) are left alone. Rule TL001 reports directives that suppressed nothing: a
code whose rule ran on the file and found nothing there, a code no installed rule has, or a bare
``# torchlint: ignore`` with nothing to hide; its finding carries the fix that removes them. A
bare ``# noqa`` is never reported, since it may be there for another linter.

Codes are case-sensitive, as in ruff: a code is upper-case letters and digits (a prefix such as
``TL3``, or ``TL`` alone, also counts; a torchlint code cut short, ``TL30``, does not). Rule TL002
reports what a directive holds that is no code (``# noqa: tl301``, ``# noqa: print-in-graph``,
``# torchlint: ignore[]``), a ``# noqa TL301`` without its colon (a blanket ``# noqa``, as in
flake8) and an unknown ``# torchlint:`` directive; such a code, or such a directive, suppresses
nothing.
"""

from __future__ import annotations

import io
import re
import tokenize
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Optional

from torchlint.lint.diagnostics import Diagnostic, Edit, Fix
from torchlint.lint.source import LINE_END, line_starts, source_lines

UNUSED_SUPPRESSION_CODE = "TL001"
UNUSED_SUPPRESSION_NAME = "unused-suppression"
INVALID_SUPPRESSION_CODE = "TL002"
INVALID_SUPPRESSION_NAME = "invalid-suppression"
OUR_PREFIX = "TL"

_NOQA = re.compile(r"#\s*(?i:noqa)(?!\w)(?P<colon>\s*:\s*)?")
_TORCHLINT = re.compile(r"#\s*torchlint:\s*")
_TORCHLINT_KIND = re.compile(r"(ignore-file|ignore)(?![\w-])")
_CODE = re.compile(r"^[A-Z]+[0-9]*$")
# One of ours: TL, a family (TL3) or a whole code (TL301); TL30 is a code cut short.
_OUR_SELECTOR = re.compile(r"^TL(?:[0-9]|[0-9]{3})?$")
# A word that looks like a code in any case: "# noqa TL301", "# noqa: TL301 tl302".
_CODE_LIKE = re.compile(r"^[A-Za-z]+[0-9]+$")
_ITEM = re.compile(r"[^\s,:#\]]+")
_SEPARATOR = re.compile(r"\s*,\s*|\s+")
_SPACED_WORD = re.compile(r"\s+([^\s,:#\]]+)")


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
    # What TL002 reports of this directive: items that are no code, a missing colon, ...
    problems: tuple[str, ...] = ()
    # For TL001's fix: the 1-based column of the comment holding the directive, the physical
    # line (with its line end), and the columns [start, end) of the code list, when it has one.
    comment_column: int = 0
    line_text: str = ""
    codes_span: Optional[tuple[int, int]] = None

    def matches(self, code: str) -> Optional[str]:
        """The selector of this directive that covers ``code`` ("*" for a bare directive)."""
        if self.codes is None:
            return "*"
        for selector in self.codes:
            if code.startswith(selector):
                return selector
        return None


def _comments(text: str, top_lines: Sequence[int] = ()) -> list[tuple[int, int, str, str]]:
    """(line, 0-based column, comment text, the physical line with its line end) of the
    comments that may hold a directive; strings
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


def _chunk_comments(chunk: str, first: int) -> list[tuple[int, int, str, str]]:
    """The comments of ``chunk``, whole top-level statements starting on line ``first``."""
    try:
        return [
            (token.start[0] + first - 1, token.start[1], token.string, token.line)
            for token in tokenize.generate_tokens(io.StringIO(chunk).readline)
            if token.type == tokenize.COMMENT
        ]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        # The tokenizer of this Python may not know newer syntax that libcst parsed; fall back
        # to a line scan, which can only over-read a '#' inside a string.
        found = []
        ends = [match.group() for match in LINE_END.finditer(chunk)]
        for number, line in enumerate(source_lines(chunk)):
            index = line.find("#")
            if index != -1:
                end = ends[number] if number < len(ends) else ""
                found.append((number + first, index, line[index:], line + end))
        return found


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
    for line, column, comment, line_text in _comments(text, top_lines):
        found = [
            *(_torchlint_directive(comment, m) for m in _TORCHLINT.finditer(comment)),
            *(_noqa_directive(comment, m) for m in _NOQA.finditer(comment)),
        ]
        for directive in found:
            directive.line = line
            directive.comment_column = column + 1
            directive.column += column
            directive.end_column += column
            if directive.codes_span is not None:
                directive.codes_span = (
                    directive.codes_span[0] + column,
                    directive.codes_span[1] + column,
                )
            directive.line_text = line_text
        directives.extend(found)
    return directives


def _directive(
    comment: str,
    start: int,
    end: int,
    kind: str,
    codes: Optional[tuple[str, ...]],
    problems: Sequence[str] = (),
    codes_span: Optional[tuple[int, int]] = None,
) -> Directive:
    """A directive at ``comment[start:end]``; columns 1-based within the comment (the caller
    moves them to the line)."""
    return Directive(
        line=0,
        column=start + 1,
        end_column=end + 1,
        text=comment[start:end],
        kind=kind,
        codes=codes,
        problems=tuple(problems),
        codes_span=None if codes_span is None else (codes_span[0] + 1, codes_span[1] + 1),
    )


def _noqa_directive(comment: str, match: re.Match[str]) -> Directive:
    if match.group("colon") is None:
        # Blanket (an explanation may follow). A code right after it, without the colon, is
        # blanket too, as in flake8, but was meant to name the code.
        word = _SPACED_WORD.match(comment, match.end())
        problems = []
        if word is not None and _CODE_LIKE.match(word.group(1)):
            word = word.group(1)
            problems.append(
                f"`# noqa {word}` lacks a colon, so it suppresses every finding on the line; "
                f"write `# noqa: {word}`"
            )
        return _directive(comment, match.start(), match.end(), "noqa", None, problems)
    codes, problems, span = _code_list(comment, match.end(), noqa=True)
    if span is None:
        problems = ["`# noqa:` names no code; write `# noqa: TL301` (or a bare `# noqa`)"]
        return _directive(comment, match.start(), match.end(), "noqa", (), problems)
    return _directive(comment, match.start(), span[1], "noqa", codes, problems, span)


def _torchlint_directive(comment: str, match: re.Match[str]) -> Directive:
    kind = _TORCHLINT_KIND.match(comment, match.end())
    if kind is None:
        word = re.compile(r"[^\s#]*").match(comment, match.end())
        end = word.end() if word is not None else match.end()
        problem = (
            f"unknown directive `{comment[match.start() : end].strip()}`: torchlint knows "
            "`ignore`, `ignore[CODES]`, `ignore-file` and `ignore-file[CODES]`"
        )
        return _directive(comment, match.start(), end, "ignore", (), [problem])
    bracket = re.compile(r"\s*\[").match(comment, kind.end())
    if bracket is None:
        return _directive(comment, match.start(), kind.end(), kind.group(), None)
    close = comment.find("]", bracket.end())
    if close == -1:
        problem = f"`{comment[match.start() :].strip()}` lacks its closing `]`"
        return _directive(comment, match.start(), len(comment), kind.group(), (), [problem])
    codes, problems, span = _code_list(comment[:close], bracket.end(), noqa=False)
    if span is None:
        problem = (
            f"`{comment[match.start() : close + 1]}` names no code; write `{kind.group()}[TL301]`"
        )
        return _directive(comment, match.start(), close + 1, kind.group(), (), [problem])
    return _directive(comment, match.start(), close + 1, kind.group(), codes, problems, span)


def _code_list(
    text: str, start: int, noqa: bool
) -> tuple[tuple[str, ...], list[str], Optional[tuple[int, int]]]:
    """The codes of a list starting at ``text[start]``, separated by commas or spaces; the
    problems of items that are no code; and the list's span (None: no item at all).

    A ``# noqa`` list is shared with other tools: a space-separated word that does not look
    like a code ends it (``# noqa: TL101 because ...``: the rest explains the directive), and
    an item that is no code is reported only when it looks meant for torchlint (``tl301``, a
    rule name, ``TL30``); other tools' words (torch's own ``# noqa: set_linter``) are theirs.
    In ``# torchlint: ignore[...]`` every item must be a code."""
    codes: list[str] = []
    problems: list[str] = []
    span: Optional[tuple[int, int]] = None
    position = start
    after_comma = True  # the first item: as after a comma, it must be a code
    while True:
        item = _ITEM.match(text, position)
        if item is None:
            break
        word = item.group()
        if not after_comma and noqa and not _CODE_LIKE.match(word):
            break  # an explanation
        problem = item_problem(word, ours=not noqa)
        if problem is not None:
            problems.append(problem)
        elif _CODE.match(word):
            codes.append(word)
        span = (span[0] if span is not None else item.start(), item.end())
        separator = _SEPARATOR.match(text, item.end())
        if separator is None or separator.end() == item.end():
            break
        after_comma = "," in separator.group()
        position = separator.end()
    return tuple(codes), problems, span


def item_problem(word: str, ours: bool = True) -> Optional[str]:
    """Why ``word`` in a directive's code list is no code; None when it is one or, unless
    ``ours``, when it is no code of torchlint's and no rule name (another tool's word)."""
    if _CODE.match(word):
        if word.startswith(OUR_PREFIX) and not _OUR_SELECTOR.match(word):
            return (
                f"`{word}` is neither a rule code (TL + 3 digits, such as TL301) nor a family "
                f"({word[:3]}); it suppresses nothing"
            )
        return None
    from torchlint.lint.registry import installed_rule_names

    codes_by_name = {name: code for code, name in installed_rule_names()}
    if word in codes_by_name:
        return f"`{word}` is a rule name; a suppression takes the code: `{codes_by_name[word]}`"
    upper = word.upper()
    if _CODE.match(upper) and (ours or upper.startswith(OUR_PREFIX)):
        return f"`{word}`: codes are upper case (`{upper}`); it suppresses nothing"
    if ours:
        return f"`{word}` is not a rule code (such as TL301) or a code prefix (TL3)"
    return None


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
    return apply_directives(
        path,
        parse_directives(text, top_lines),
        diagnostics,
        ran_codes,
        known_codes,
        report_unused,
    )


def apply_directives(
    path: str,
    directives: Sequence[Directive],
    diagnostics: Sequence[Diagnostic],
    ran_codes: Iterable[str],
    known_codes: Iterable[str],
    report_unused: bool,
) -> list[Diagnostic]:
    """``apply_suppressions`` with the file's directives parsed already (none marked used):
    a cached result keeps its directives, not its text."""
    if not directives:
        return list(diagnostics)
    kept = [d for d in diagnostics if not _suppress(d, directives, explicit_only=False)]
    ran = tuple(ran_codes)
    known = tuple(known_codes)
    # A TL001 or TL002 finding is hidden only by a directive that names it (or ignore-file):
    # a bare directive that suppressed nothing must not hide its own report. TL002's first,
    # so that a directive naming TL002 that hid one is not reported unused.
    if INVALID_SUPPRESSION_CODE in ran:
        invalid = [_invalid_finding(path, d) for d in directives if d.problems]
        kept.extend(d for d in invalid if not _suppress(d, directives, explicit_only=True))
    if report_unused:
        unused = [
            finding
            for directive in directives
            if (finding := _unused_finding(path, directive, ran, known)) is not None
        ]
        kept.extend(d for d in unused if not _suppress(d, directives, explicit_only=True))
    return kept


def _directive_finding(
    path: str, directive: Directive, code: str, name: str, message: str, fix: Optional[Fix] = None
) -> Diagnostic:
    """A warning on the directive's comment itself (TL001, TL002)."""
    return Diagnostic(
        path=path,
        line=directive.line,
        column=directive.column,
        end_line=directive.line,
        end_column=directive.end_column,
        code=code,
        name=name,
        message=message,
        severity="warning",
        targets=(),
        fix=fix,
    )


def _invalid_finding(path: str, directive: Directive) -> Diagnostic:
    message = f"invalid suppression `{directive.text.strip()}`: {'; '.join(directive.problems)}"
    return _directive_finding(
        path, directive, INVALID_SUPPRESSION_CODE, INVALID_SUPPRESSION_NAME, message
    )


def _unused_finding(
    path: str, directive: Directive, ran: tuple[str, ...], known: tuple[str, ...]
) -> Optional[Diagnostic]:
    unused: list[str] = []  # the codes to take out; none: the whole directive
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
                    unused.append(selector)
                continue  # another tool's code
            if any(code.startswith(selector) for code in ran):
                problems.append(f"{selector} reported nothing")
                unused.append(selector)
        if not problems:
            return None
        reason = "; ".join(problems)
    scope = "in this file" if directive.kind == "ignore-file" else "on this line"
    return _directive_finding(
        path,
        directive,
        UNUSED_SUPPRESSION_CODE,
        UNUSED_SUPPRESSION_NAME,
        f"unused suppression `{directive.text.strip()}` {scope}: {reason}",
        _removal(directive, unused),
    )


def _removal(directive: Directive, unused: Sequence[str]) -> Optional[Fix]:
    """The fix of a TL001 finding: take the ``unused`` codes out of the directive's list, or
    the whole directive when none would be left (or ``unused`` is empty: a bare one). The rest
    of the line stays: the code, other comments, and the other codes, as written."""
    if not directive.line_text:
        return None  # a directive made without its line: nothing to edit against
    line = directive.line
    if unused and directive.codes_span is not None:
        start, end = directive.codes_span
        items = re.split(r"[\s,]+", directive.line_text[start - 1 : end - 1].strip())
        left = [item for item in items if item not in unused]
        if left:
            return Fix(
                "safe",
                f"remove {', '.join(unused)} from the suppression",
                (Edit(line, start, line, end, ", ".join(left)),),
            )
    text = LINE_END.sub("", directive.line_text)
    begin, end = directive.column - 1, directive.end_column - 1
    after = text[end:]
    if after.lstrip().startswith("#"):
        # Another comment follows: it moves to the directive's place.
        edit = Edit(line, begin + 1, line, len(text) - len(after.lstrip()) + 1, "")
    elif text[:begin].strip():
        # Code or another comment before it: drop the directive, what explains it, and the
        # spaces in between.
        edit = Edit(line, len(text[:begin].rstrip()) + 1, line, len(text) + 1, "")
    elif text != directive.line_text:
        edit = Edit(line, 1, line + 1, 1, "")  # a line of its own: the whole line goes
    else:
        edit = Edit(line, 1, line, len(text) + 1, "")  # the last line, without a line end
    return Fix("safe", "remove the unused suppression", (edit,))
