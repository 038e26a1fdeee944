"""Which rule methods the engine calls where: graph-only rules only where a back-end they report
for reaches, and no call at all for leaves no rule handles (lint/engine.py)."""

from __future__ import annotations

import textwrap

import libcst as cst

from torchlint.lint.engine import lint_text
from torchlint.lint.rule import Rule
from torchlint.lint.walk import walk

SOURCE = textwrap.dedent(
    """
    import torch

    def scripted(x):
        return torch.relu(x)

    def compiled(x):
        return torch.sigmoid(x)

    def driver(x):
        return torch.tanh(x)

    a = torch.jit.script(scripted)
    b = torch.compile(compiled)
    """
)


def _calls_seen(rule_targets: tuple[str, ...], source: str = SOURCE) -> tuple[list[str], int]:
    """The torch functions a graph-only rule with these targets is called at, and how many
    times one was made for the file."""
    seen: list[str] = []
    made = []

    class Recording(Rule):
        code = "TL990"
        name = "recording"
        message = "never reported"
        targets = rule_targets

        def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
            super().__init__(ctx)
            made.append(self)

        def visit_Call(self, node: cst.Call) -> None:
            func = node.func
            if isinstance(func, cst.Attribute) and func.attr.value in ("relu", "sigmoid", "tanh"):
                seen.append(func.attr.value)

    lint_text("/virtual/m.py", source, rules=[Recording])
    return seen, len(made)


def test_a_graph_only_rule_is_called_only_where_its_back_ends_reach():
    assert _calls_seen(("script",)) == (["relu"], 1)
    assert _calls_seen(("compile",)) == (["sigmoid"], 1)
    assert _calls_seen(("compile", "script")) == (["relu", "sigmoid"], 1)
    assert _calls_seen(()) == (["relu", "sigmoid"], 1)  # no back-end named: all graph code


def test_a_graph_only_rule_does_not_walk_a_file_none_of_its_back_ends_reach():
    compile_only = SOURCE.replace("a = torch.jit.script(scripted)\n", "")
    assert _calls_seen(("script",), compile_only) == ([], 0)
    assert _calls_seen(("compile",), compile_only) == (["sigmoid"], 1)


def test_findings_name_only_the_back_ends_a_rule_reports_for():
    class Claiming(Rule):
        code = "TL991"
        name = "claiming"
        message = "found"
        targets = ("trace",)
        also_reports = ("compile",)

        def visit_Call(self, node: cst.Call) -> None:
            self.report(node, targets=("compile", "export", "trace"))

    found = lint_text("/virtual/m.py", SOURCE, rules=[Claiming]).diagnostics
    # Only in the compiled function, for compile: export and trace do not reach it (and export
    # is not the rule's to claim anywhere), and the scripted function is not its concern.
    assert [(d.line, d.targets) for d in found] == [(8, ("compile",))]


def test_the_walk_skips_silent_leaves_and_visits_the_rest():
    module = cst.parse_module("x = f(y, 1)\n")
    entered: list[str] = []
    walk(module, lambda node: entered.append(type(node).__name__), lambda node: None)
    assert entered.count("Name") == 3 and "Integer" in entered
    quiet: list[str] = []
    walk(
        module,
        lambda node: quiet.append(type(node).__name__),
        lambda node: None,
        frozenset({cst.Name, cst.Integer}),
    )
    assert quiet == [name for name in entered if name not in ("Name", "Integer")]


def test_a_rule_that_visits_names_still_sees_every_one():
    names: list[str] = []

    class Names(Rule):
        code = "TL992"
        name = "names"
        message = "never reported"
        graph_only = False

        def visit_Name(self, node: cst.Name) -> None:
            names.append(node.value)

    lint_text("/virtual/m.py", "import torch\nx = torch.ones(2)\ny = x + x\n", rules=[Names])
    assert names == ["torch", "x", "torch", "ones", "y", "x", "x"]


def test_a_node_passed_through_keeps_the_back_ends_its_guard_gives_it():
    # No rule handles BinaryOperation, so the walk passes through it without calls, except
    # where a guard gives it back-ends of its own: torch.compile never runs the scripting
    # branch, so a compile rule is not called at `torch.relu` there.
    source = textwrap.dedent(
        """
        import torch

        def compiled(x):
            return (torch.relu(x) + 1) if torch.jit.is_scripting() else torch.sigmoid(x)

        b = torch.compile(compiled)
        """
    )
    assert _calls_seen(("compile",), source) == (["sigmoid"], 1)


def test_the_walk_passes_through_nodes_unless_watched():
    module = cst.parse_module("x = (a + b) * c\n")
    outer = module.body[0].body[0].value  # (a + b) * c
    entered: list[str] = []

    def run(watched: frozenset[int]) -> list[str]:
        entered.clear()
        walk(
            module,
            lambda node: entered.append(type(node).__name__),
            lambda node: None,
            passed=frozenset({cst.BinaryOperation}),
            watched=watched,
        )
        return list(entered)

    assert "BinaryOperation" not in run(frozenset())
    assert run(frozenset()).count("Name") == 4  # the children of what is passed through
    assert run(frozenset({id(outer)})).count("BinaryOperation") == 1
