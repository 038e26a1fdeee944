"""TL352: the list a string's `split()` returned, changed in place in compiled code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import str_list_mutation_refused
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.summary import FileSummary

from ._graph import in_raise_statement


class SplitListMutatedInCompile(Rule):
    """Flags in-place changes, in graph code, of the list a string's `split()` returned.

    ## What it does
    Finds, in graph code, a name bound only to the result of a string's `split`, `rsplit` or
    `splitlines` (or a slice of it: `spec.split(",")[1:]`) that is then changed in place:
    an item or slice assigned (`parts[i] = p.strip()`, `parts[0] += "_"`), deleted
    (`del parts[0]`), or a list method that changes it (`parts.pop(0)`, `append`, `insert`,
    `sort`, `reverse`, `remove`, `extend`, `clear`). The methods and the changes are
    generated from torch (`benchmarks/dynamo_tables.py` compiles each change of each such
    result, and keeps those a list literal accepts). A copy (`list(s.split(","))`,
    `[p for p in s.split(",")]`) and a rebinding (`parts = parts + [x]`, `parts += [x]`) are
    not flagged: Dynamo changes those.

    ## Why is this bad?
    Dynamo folds a string method called on a constant string into a list constant that it
    cannot change: `torch.compile(fullgraph=True)` raises ("missing_mp_ass_subscript" for an
    item assignment or deletion, "Unsupported method call" for `pop`, `append` and the other
    methods) and plain `torch.compile` breaks the graph there. Einsum-equation and
    configuration parsers do this (opt_einsum's parser replaces the ellipsis of each
    `subscripts.split(",")` item in place).

    ## Example
    ```python
    class Mixer(nn.Module):
        def forward(self, x, y):
            inputs = self.equation.split("->")[0].split(",")
            inputs[0] = inputs[0].replace("...", "b")
            return torch.einsum(f"{inputs[0]},{inputs[1]}", x, y)
    ```
    Use instead: copy the list before changing it (`inputs = list(spec.split(","))`), or
    build a new one (`inputs = [p.replace("...", "b") for p in spec.split(",")]`), or parse
    the string once in `__init__`.

    ## Fix safety
    No automatic fix yet.
    """

    code = "TL352"
    name = "split-list-mutated-in-compile"
    subject = "the list a string's split() returned, changed in place in compiled code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (missing_mp_ass_subscript) and plain "
            "torch.compile breaks the graph here"
        ),
    }
    advice = (
        "copy it first (`list(s.split(','))`) or build a new list, or parse the string once "
        "in __init__"
    )
    targets = ("compile",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, spec: str = "4,4"):
                    super().__init__()
                    self.spec = spec
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    sizes = list(self.spec.split(","))
                    sizes[0] = "2"
                    return self.fc(x) * int(sizes[0])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, spec: str = "4,4"):
                    super().__init__()
                    self.spec = spec
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    sizes = self.spec.split(",")
                    sizes[0] = "2"
                    return self.fc(x) * int(sizes[0])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="missing_mp_ass_subscript",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    names = "fc,skip".split(",")
                    first = names.pop(0)
                    return self.fc(x) if first == "fc" else x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="Unsupported method call",
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        return "split" in text

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            change = "slice assignment" if _sliced(target.target) else "item assignment"
            self._check_item(node, target.target, change)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._check_item(node, node.target, "augmented item assignment")

    def visit_Del(self, node: cst.Del) -> None:
        targets = node.target.elements if isinstance(node.target, cst.Tuple) else None
        for target in [e.value for e in targets] if targets else [node.target]:
            self._check_item(node, target, "item deletion")

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
            return
        self._check(node, func.value, func.attr.value)

    def _check_item(self, node: cst.CSTNode, target: cst.BaseExpression, change: str) -> None:
        if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name):
            self._check(node, target.value, change)

    def _check(self, node: cst.CSTNode, name: cst.Name, change: str) -> None:
        if not self.ctx.in_graph or in_raise_statement(self.ctx):
            return
        table = str_list_mutation_refused()
        refusal = table["mutations"].get(change)
        if refusal is None:
            return
        bound = assignments(self.ctx.function, name.value)
        if not bound or not all(
            value is not UNKNOWN_VALUE and width == 1 and self._split_of_string(value, table)
            for value, _, width in bound
        ):
            return
        shown = change if " " in change else f"`.{change}()`"
        message = Message(
            f"`{name.value}` is the list a string's split() returned, changed in place ({shown})",
            (
                (
                    "compile",
                    f"torch.compile(fullgraph=True) raises ({refusal}) and plain torch.compile "
                    "breaks the graph here (Dynamo holds the list as a constant it cannot "
                    "change)",
                ),
            ),
            self.advice,
        )
        self.report(node, message)

    def _split_of_string(self, value: cst.BaseExpression, table: dict) -> bool:
        """``text.split(",")`` (a method of the table) on a string, or a slice of it."""
        if isinstance(value, cst.Subscript) and _sliced(value):
            value = value.value
        if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Attribute):
            return False
        func = value.func
        if func.attr.value not in table["methods"]:
            return False
        if self.ctx.qualified_name(func) is not None:
            return False  # a module's function (`os.path.split`, `re.split`)
        return self._string(func.value)

    def _string(self, value: cst.BaseExpression) -> bool:
        """A string: a literal, an f-string, a concatenation of them, a string method's
        result, or another constant the kinds say does not come from tensors."""
        if isinstance(value, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
            return True
        if isinstance(value, cst.Subscript):
            return self._split_of_string(value.value, str_list_mutation_refused()) or self._string(
                value.value
            )
        return self.ctx.kind(value) == Kind.CONST  # a number has no split()


def _sliced(target: cst.BaseExpression) -> bool:
    return isinstance(target, cst.Subscript) and any(
        isinstance(element.slice, cst.Slice) for element in target.slice
    )
