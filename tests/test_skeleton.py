"""Models of files that the run does not lint parse only those files' graph functions."""

from __future__ import annotations

import ast
import textwrap

import torchlint.lint.semantic.model as model_module
from torchlint.lint.run import lint_files
from torchlint.lint.semantic.skeleton import graph_skeleton

from .semantic_helpers import NORMALIZING_MODEL, write_project

HELPERS = """\
import torch

SCALE = torch.ones(3)


def unused(path):
    with open(path) as handle:
        return handle.read()


@torch.no_grad()
def decorated(x):
    return x


class Config:
    size = 4

    def describe(self):
        return f"size {self.size}"


class Layer(torch.nn.Module):
    factor = 2

    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(3))

    def forward(self, x):
        def inner(y):
            return y * self.factor

        return inner(x)

    def extra_repr(self):
        return "layer"


if torch.cuda.is_available():

    def on_device(x):
        return x.cuda()

else:

    def on_device(x):
        return x
"""


def _defined(text: str) -> set[str]:
    """The functions and classes a text defines, with the line of each."""
    found = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            found.add((node.name, node.lineno))
    return found


def test_the_skeleton_keeps_graph_functions_where_they_were_and_drops_the_rest():
    skeleton = graph_skeleton(HELPERS, ["Layer.forward", "Layer.forward.<locals>.inner"])
    assert skeleton is not None
    original = _defined(HELPERS)
    kept = _defined(skeleton)
    assert {name for name, _ in kept} == {"Layer", "forward", "inner"}
    assert kept <= original  # same lines: positions in the skeleton are the file's
    assert skeleton.count("\n") == HELPERS.count("\n")
    # Statements that are no definition stay: globals, class attributes, blocks.
    for kept_line in ("SCALE = torch.ones(3)", "    factor = 2", "if torch.cuda.is_available():"):
        assert kept_line in skeleton.splitlines()
    # The decorator goes with its function; a dropped definition leaves `pass` in its place.
    assert "@torch.no_grad()" not in skeleton
    assert "    pass" in skeleton.splitlines()


def test_graph_functions_inside_blocks_are_kept():
    skeleton = graph_skeleton(HELPERS, ["on_device"])
    assert skeleton is not None
    assert [line for line in skeleton.splitlines() if "def " in line] == [
        "    def on_device(x):",
        "    def on_device(x):",
    ]


def test_a_decorator_spread_over_lines_goes_with_its_function():
    text = "import torch\n\n@(\n    torch.no_grad()\n)\ndef helper(x):\n    return x\n\n\ndef f(x):\n    return x + 1\n"
    skeleton = graph_skeleton(text, ["f"])
    assert skeleton is not None and "@" not in skeleton
    assert _defined(skeleton) == {("f", 10)}


def test_nothing_to_leave_out_is_no_skeleton():
    text = "import torch\n\n\ndef f(x):\n    return x + 1\n"
    assert graph_skeleton(text, ["f"]) is None
    assert graph_skeleton("def broken(:\n", []) is None


PROJECT = {
    "pkg/__init__.py": "",
    "pkg/helpers.py": """
        import json

        def load(path):
            with open(path) as handle:
                return json.load(handle)

        class Registry:
            def names(self):
                return ["a", "b"]

        def normalize(x, eps):
            return x / (x.abs().max() + eps)
    """,
    "pkg/model.py": NORMALIZING_MODEL,
}


def test_a_file_outside_the_run_is_modelled_from_its_skeleton(tmp_path, monkeypatch):
    paths = write_project(tmp_path, PROJECT)
    parsed: dict[str, str] = {}
    real_parse = model_module.parse

    def recording_parse(source, **kwargs):
        parsed[source.path] = source.text
        return real_parse(source, **kwargs)

    monkeypatch.setattr(model_module, "parse", recording_parse)
    model = str(paths["pkg/model.py"])
    [result] = lint_files([model])
    # normalize returns a tensor (its model says so): the condition on it is found.
    assert ("TL101", 8) in [(d.code, d.line) for d in result.diagnostics]
    helpers = parsed[str(paths["pkg/helpers.py"])]
    assert "def normalize(x, eps):" in helpers
    assert "def load" not in helpers and "class Registry" not in helpers
    # A file the run lints is modelled from its whole text, which its lint then takes.
    parsed.clear()
    lint_files([model, str(paths["pkg/helpers.py"])])
    assert textwrap.dedent(PROJECT["pkg/helpers.py"]).lstrip("\n") in parsed.values()


def test_a_skeleton_that_does_not_parse_gives_way_to_the_whole_text(monkeypatch):
    monkeypatch.setattr(model_module, "graph_skeleton", lambda text, names: "def broken(:\n")
    tree = model_module._parse_skeleton("helpers.py", HELPERS, ["Layer.forward"])
    assert tree.code == HELPERS
