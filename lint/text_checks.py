"""Cheap checks of a file's text, for ``Rule.may_report`` and for fixers' per-file questions.

Each is a condition every finding of a rule needs, never proof of one (a docstring can say
``.eval()``): a file without it is not walked by the rule, and not parsed when no rule walks it.
They run on every file of a run, so they search with ``str.find`` (a regular expression that
starts with an alternation or ``\\b`` tries every position of the text, 10-20 ms a megabyte).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from torchlint.lint.semantic.summary import FileSummary


def _is_word_char(char: str) -> bool:
    return char == "_" or char.isalnum()


def _word_starts(text: str, word: str) -> Iterator[int]:
    """Where ``word`` stands in ``text`` as a whole word."""
    at = text.find(word)
    while at != -1:
        end = at + len(word)
        if (at == 0 or not _is_word_char(text[at - 1])) and (
            end == len(text) or not _is_word_char(text[end])
        ):
            yield at
        at = text.find(word, end)


def mentions(text: str, *names: str) -> bool:
    """One of ``names`` as a whole word. A call that resolves to ``torch.cuda.synchronize``
    spells ``synchronize`` in the text: at the call, or in the import that aliases it."""
    return any(_spelled(text, name, "word") for name in names)


def mentions_attribute(text: str, *names: str) -> bool:
    """``.name`` for one of ``names``; spaces, line breaks and comments may follow the dot."""
    return any(_spelled(text, name, "attribute") for name in names)


def mentions_name(text: str, *names: str) -> bool:
    """One of ``names`` as a word that is not an attribute (no dot before it): ``sum(x)``, not
    ``x.sum()``."""
    return any(_spelled(text, name, "name") for name in names)


def starts_statement(text: str, *keywords: str) -> bool:
    """A line that starts with one of ``keywords`` (``for`` and ``while`` loops; ``async for``):
    a compound statement starts its own line."""
    return any(_spelled(text, keyword, "statement") for keyword in keywords)


# Several rules ask the same of one file (eleven TorchScript API rules want `jit`), twice when
# it has no graph code; a text's hash is computed once and kept by the string.
@functools.lru_cache(maxsize=256)
def _spelled(text: str, word: str, how: str) -> bool:
    for at in _word_starts(text, word):
        if how == "word":
            return True
        if how == "statement":
            line_start = max(text.rfind("\n", 0, at), text.rfind("\r", 0, at)) + 1
            if text[line_start:at].strip() in ("", "async"):
                return True
            continue
        before = at - 1
        while before >= 0 and text[before] in " \t\f\\\r\n":
            before -= 1
        attribute = before >= 0 and text[before] == "."
        if how == "name" and not attribute:
            return True
        if how == "attribute":
            if attribute:
                return True
            if "\n" in text[before + 1 : at]:
                # A comment may stand between the dot and the name, lines apart.
                line_start = text.rfind("\n", 0, before) + 1
                if "#" in text[line_start : before + 1]:
                    return True
    return False


def names_api(text: str, summary: FileSummary, apis: Iterable[str]) -> bool:
    """Whether the text can spell one of ``apis`` (qualified names): ``.name`` for its last
    component, or a name the file imports as one of them."""
    apis = set(apis)
    aliases = [local for local, target in summary.imports.items() if target in apis]
    return mentions_attribute(text, *{api.rsplit(".", 1)[-1] for api in apis}) or mentions(
        text, *aliases
    )


def defined_names(text: str) -> Iterator[str]:
    """The names after each ``def``: every function's, and some words of prose."""
    for at in _word_starts(text, "def"):
        start = at + 3
        while start < len(text) and text[start] in " \t\f\\\r\n":
            start += 1
        end = start
        while end < len(text) and _is_word_char(text[end]):
            end += 1
        if end > start:
            yield text[start:end]


def words_containing(text: str, parts: tuple[str, ...]) -> Iterator[str]:
    """Each whole word that holds one of ``parts`` (given in lower case), in any case."""
    lowered = text.lower()
    if len(lowered) != len(text):  # a letter that lowers to two: keep the positions
        lowered = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    for part in parts:
        at = lowered.find(part)
        while at != -1:
            start, end = at, at + len(part)
            while start > 0 and _is_word_char(text[start - 1]):
                start -= 1
            while end < len(text) and _is_word_char(text[end]):
                end += 1
            yield text[start:end]
            at = lowered.find(part, end)
