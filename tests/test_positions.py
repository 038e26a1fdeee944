"""Statement-local positions agree with libcst's whole-file PositionProvider on every node."""

from __future__ import annotations

import ast
import importlib.util
import sys
import textwrap
from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from torchlint.lint.context import LintContext
from torchlint.lint.positions import PositionFinder, node_positions
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.semantic.model import FileModel
from torchlint.lint.semantic.summary import first_line, summarize
from torchlint.lint.walk import walk

TRICKY = textwrap.dedent(
    '''\
    # header comment
    import torch  # trailing
    from torch import nn
    x = 1; y = torch.ones(2)


    @torch.compile(
        fullgraph=True,
    )
    # comment between decorator and def
    def f(a, b=2):
        if a.sum() > 0: return a
        elif b:
            return (a +
                    b)
        else:
            pass
        try:
            c = a[a > 0]
        except (ValueError,
                TypeError) as exc:
            raise RuntimeError("x") from exc
        finally:
            del b
        with torch.no_grad(), torch.autocast("cpu"):
            for i in range(3):
                while i:
                    i -= 1
                else:
                    print(i)
        return [v for v in a if v > 0]


    class Net(nn.Module):
        """Doc."""

        def forward(self, x):
    \t\t# tab-indented comment line
            if x.shape[0] > 1 and \\
                    x.sum() > 0:
                return x
            match x:
                case 1:
                    return x
            return lambda q: q + x
    '''
)
if sys.version_info < (3, 10):
    # Python 3.9 cannot parse ``match``: its summary (``ast``) would refuse the whole sample.
    # A block of the same shape takes its place.
    TRICKY = TRICKY.replace(
        "        match x:\n            case 1:\n                return x\n",
        "        for y in x:\n            if y == 1:\n                return x\n",
    )


def _compare(text: str, summarised: str | None = None) -> int:
    """Positions of every node of ``text``, linted with an index that summarised
    ``summarised`` (by default the same text)."""
    module = cst.parse_module(text)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    index = ProjectIndex()
    summary = index.add_source("/virtual/positions.py", summarised or text)
    ctx = LintContext(
        "/virtual/positions.py", text, module, FileModel(module, summary, index), index
    )
    checked = 0

    def enter(node: cst.CSTNode) -> None:
        nonlocal checked
        ctx.enter(node)
        if not isinstance(node, cst.Module):
            assert ctx.position(node) == expected[node], (
                type(node).__name__,
                module.code_for_node(node),
            )
            checked += 1

    walk(module, enter, ctx.leave)
    # Top-level statements' lines (what fixes ask) agree with a line table of the whole file.
    whole_file = PositionFinder(module, text)
    for statement in module.body:
        assert ctx.known_statement_line(statement) == whole_file.statement_line(statement)
    # Every position came from the statement-local path, never the whole-file fallback; and
    # statements' lines from the summary's line table, when it was made of this text (else
    # from an ast parse of the text).
    assert ctx._position_finder._full is None
    assert (ctx._position_finder._statement_lines is None) == (summarised is None)
    return checked


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_positions_without_a_metadata_wrapper_are_libcsts(newline: str) -> None:
    module = cst.parse_module(TRICKY.replace("\n", newline))
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    assert node_positions(module) == dict(expected)


def test_tricky_layouts():
    assert _compare(TRICKY) > 200


def test_crlf_line_endings():
    assert _compare(TRICKY.replace("\n", "\r\n")) > 200


def test_form_feeds_and_a_summary_of_another_text():
    # A form feed is no line end for Python (str.splitlines would count one).
    assert _compare(TRICKY.replace("# header comment", "# header\x0ccomment")) > 200
    # The file changed after the index summarised it: its lines come from the text itself.
    assert _compare(TRICKY, summarised=TRICKY.replace("x = 1; y", "x = 1\ny")) > 200


@pytest.mark.skipif(
    importlib.util.find_spec("torch") is None, reason="uses torch's source as a corpus"
)
def test_real_files():
    root = Path(importlib.util.find_spec("torch").origin).parent / "nn" / "modules"
    for path in sorted(root.glob("*.py"))[:4]:
        assert _compare(path.read_text()) > 0, path


def test_the_statement_line_table_holds_every_statement_in_line_order():
    texts = [TRICKY]
    if importlib.util.find_spec("torch") is not None:
        root = Path(importlib.util.find_spec("torch").origin).parent / "nn" / "modules"
        texts += [path.read_text() for path in sorted(root.glob("*.py"))[:8]]
    for text in texts:
        table = list(summarize(text, "m", "m.py").statement_lines)
        statements = [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.stmt)]
        assert len(table) == len(statements)
        assert sorted(table) == table  # what positions' bisect relies on
        assert sorted(table) == sorted(first_line(n) for n in statements)
