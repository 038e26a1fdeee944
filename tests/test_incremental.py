"""The incremental module: every update gives what a whole-file parse gives."""

from __future__ import annotations

import random

import libcst as cst
import pytest

from torchlint.lint.incremental import IncrementalModule
from torchlint.lint.source import SourceError

BLOCK = '''
@torch.no_grad()
def helper_{i}(t):
    """Doc {i}.
second line at column 0
"""
    total = t.sum(dim=-1, keepdim=(
True))
    return t / total


class Block{i}(nn.Module):
    # a comment
    def forward(self, x):
        if x.shape[0] > 1:
            x = x * 2
        else:
            x = x + 1
        try:
            y = helper_{i}(x)
        except ValueError:
            y = x
        return y
# trailing comment at column 0
TEMPLATE_{i} = """
class NotReal:
    pass
"""
'''


def source(blocks: int) -> str:
    return "import torch\nfrom torch import nn\n" + "".join(
        BLOCK.format(i=i) for i in range(blocks)
    )


def assert_same_as_full_parse(module: cst.Module, text: str) -> None:
    assert module.code == text
    full = cst.parse_module(text)
    assert len(module.body) == len(full.body)
    for ours, theirs in zip(module.body, full.body):
        assert (
            ours.deep_equals(theirs)
            or cst.Module(body=[ours]).code.strip() == cst.Module(body=[theirs]).code.strip()
        )


def test_first_parse_and_unchanged_text() -> None:
    text = source(6)
    incremental = IncrementalModule()
    assert_same_as_full_parse(incremental.update(text), text)
    assert len(incremental.chunks) > 3
    first = incremental.module
    assert incremental.update(text) is first and incremental.reparsed_lines == 0


@pytest.mark.parametrize("seed", range(12))
def test_random_line_edits_match_a_full_parse(seed: int) -> None:
    rng = random.Random(seed)
    lines = source(8).splitlines(keepends=True)
    incremental = IncrementalModule()
    incremental.update("".join(lines))
    insertions = ["    z = 1\n", "x = 2\n", "@decorator\n", "# note\n", "\n", "    # indented\n"]
    for _ in range(15):
        position = rng.randrange(len(lines))
        action = rng.choice(["insert", "delete", "duplicate"])
        candidate = list(lines)
        if action == "insert":
            candidate.insert(position, rng.choice(insertions))
        elif action == "delete":
            del candidate[position]
        else:
            candidate.insert(position, candidate[position])
        text = "".join(candidate)
        try:
            cst.parse_module(text)
        except cst.ParserSyntaxError:
            with pytest.raises(SourceError):
                incremental.update(text)
            continue
        assert_same_as_full_parse(incremental.update(text), text)
        lines = candidate


def test_an_edit_reparses_only_its_chunk() -> None:
    text = source(20)
    incremental = IncrementalModule()
    incremental.update(text)
    edited = text.replace("x = x * 2\n", "x = x * 3\n", 1)
    assert_same_as_full_parse(incremental.update(edited), edited)
    assert 0 < incremental.reparsed_lines < len(edited.splitlines()) // 5


def test_opening_a_string_is_a_syntax_error_with_the_document_line() -> None:
    text = source(3)
    incremental = IncrementalModule()
    incremental.update(text)
    lines = text.splitlines(keepends=True)
    lines.insert(30, 'oops = """\n')
    broken = "".join(lines)
    with pytest.raises(SourceError) as raised:
        incremental.update(broken)
    # A line of the document (not of the chunk that failed), past the untouched first chunk.
    assert raised.value.line is not None and 13 < raised.value.line <= len(lines)
    # The last good state stays: closing the string again parses incrementally.
    assert_same_as_full_parse(incremental.update(text), text)


def test_partial_lint_matches_a_full_lint_for_a_local_edit(tmp_path) -> None:
    from torchlint.lint.engine import lint_text, selected_rules
    from torchlint.lint.incremental import IncrementalLinter
    from torchlint.lint.semantic.index import ProjectIndex
    from torchlint.lint.settings import Settings

    header = "import torch\nfrom torch import nn\n"
    block = (
        "\n\nclass Net{i}(nn.Module):\n"
        "    def forward(self, x):\n"
        "        y = x * 2\n"
        "        return y\n"
    )
    text = header + "".join(block.format(i=i) for i in range(30))
    path = str(tmp_path / "nets.py")
    settings = Settings()
    rules = selected_rules(settings)
    linter = IncrementalLinter()
    index = ProjectIndex()
    linter.lint(path, text, index, settings, rules)
    edited = text.replace("        y = x * 2\n", '        y = x * 2\n        print("y", y)\n', 2)
    partial = linter.lint(path, edited, index, settings, rules)
    assert not linter.complete
    full = lint_text(path, edited, settings, ProjectIndex())

    def view(diagnostics):
        return [
            (d.line, d.column, d.end_line, d.code, d.fix.edits if d.fix else None)
            for d in diagnostics
        ]

    assert [d.code for d in partial.diagnostics].count("TL301") == 2
    assert view(partial.diagnostics) == view(full.diagnostics)
    # Removing one print again: the untouched chunk keeps its finding, moved by nothing.
    again = edited.replace('        print("y", y)\n', "", 1)
    assert view(linter.lint(path, again, index, settings, rules).diagnostics) == view(
        lint_text(path, again, settings, ProjectIndex()).diagnostics
    )
