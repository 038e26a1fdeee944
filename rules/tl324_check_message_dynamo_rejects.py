"""TL324: a `torch._check*` call in graph code that Dynamo cannot convert."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import LEAF_TYPES, walk

# The checks Dynamo handles itself (torch/_dynamo/variables/torch.py), with the position of
# their message argument; `_check_with` and `_check_tensor_all_with` take the error type first.
MESSAGE_POSITION = {
    "torch._check": 1,
    "torch._check_index": 1,
    "torch._check_value": 1,
    "torch._check_type": 1,
    "torch._check_not_implemented": 1,
    "torch._check_with": 2,
    "torch._check_tensor_all": 1,
    "torch._check_tensor_all_with": 2,
}
TENSOR_CHECKS = frozenset({"torch._check_tensor_all", "torch._check_tensor_all_with"})
# Kinds of values that are no Python constant to Dynamo (a size is one until it varies).
NOT_CONSTANT = frozenset(
    {Kind.TENSOR, Kind.TENSORS, Kind.MODULE, Kind.MODULES, Kind.DATA, Kind.NDARRAY}
)
SIZE_KINDS = frozenset({Kind.SIZE, Kind.SHAPE})
CLOSURE_BREAK = "Can't convert torch._check*() message closure"


class CheckMessageDynamoRejects(Rule):
    """Flags `torch._check*` calls in graph code whose message or condition Dynamo cannot
    convert.

    ## What it does
    Finds, in graph code, calls of `torch._check`, `_check_with`, `_check_value`,
    `_check_index`, `_check_type`, `_check_not_implemented` and `_check_tensor_all(_with)`
    where:
    - the message is a function of the graph code (a lambda, a nested `def`) that reads a
      local value which is no Python constant to Dynamo: `self`, a tensor, a value read from
      tensor data, or a size (`lambda: f"longer than {self.max_len}"`, `lambda: f"{n} > 16"`
      with `n = x.shape[1]`);
    - the message is not a function defined in the graph code: a string
      (`torch._check(ok, "too long")`) or a module-level function;
    - the check is `torch._check_tensor_all(cond, ...)`, which Dynamo reads with `.item()`.

    ## Why is this bad?
    Checked with torch 2.13, which handles these calls itself: the message must be a function
    defined in the compiled code whose closure holds only Python constants, so
    `torch.compile(fullgraph=True)` raises ("Can't convert torch._check*() message closure",
    or "Can't extract message from torch._check*()" for a string or an outer function) and
    plain `torch.compile` breaks the graph there. A closure over a size fails once the size
    varies between calls (the size becomes symbolic). `torch._check_tensor_all` reads its
    tensor condition with `.item()`: plain `torch.compile` breaks the graph there
    ("Unsupported Tensor.item() call with capture_scalar_outputs=False"; `fullgraph=True`
    captures the value and accepts it). `torch.export` keeps all of these checks.

    ## Example
    ```python
    class Positions(nn.Module):
        def forward(self, x):
            seq = x.shape[1]
            torch._check(seq <= self.max_len, lambda: f"sequence longer than {self.max_len}")
            return x + self.pos[:seq]
    ```
    Use instead: a message that reads only constants (`lambda: "sequence too long"`), or a
    local constant bound before the check; for a tensor condition,
    `torch._assert_async(cond.all(), "message")`, which compile keeps as a graph operation.

    ## Fix safety
    No automatic fix: the message's wording is the author's.
    """

    code = "TL324"
    name = "check-message-dynamo-rejects"
    subject = "a `torch._check` message Dynamo cannot convert"
    clauses = {
        "compile": (
            f"torch.compile(fullgraph=True) raises ({CLOSURE_BREAK}) and plain torch.compile "
            "breaks the graph here"
        ),
    }
    advice = 'give it a message that reads only constants (`lambda: "sequence too long"`)'
    targets = ("compile",)

    VALID = [
        # The message reads only constants: a literal, and a local constant.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    limit = 16
                    torch._check(x.shape[1] <= limit, lambda: f"longer than {limit}")
                    torch._check(x.shape[0] > 0, lambda: "empty batch")
                    return x + 1

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 10),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.max_len = 16

                def forward(self, x):
                    torch._check(x.shape[1] <= self.max_len, lambda: f"longer than {self.max_len}")
                    return x + 1

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 10),)]
            """,
            line=10,
        ),
        # A closure over a size: fullgraph fails once the second input's size differs.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    n = x.shape[1]
                    torch._check(n <= 16, lambda: f"too long: {n}")
                    return x + 1

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 10),)]
            """,
            line=7,
            message_contains="once the size varies",
        ),
        # A string message: Dynamo wants a function defined in the compiled code.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    torch._check_value(x.shape[1] <= 16, "too long")
                    return x + 1

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 10),)]
            """,
            line=6,
            message_contains="Can't extract message",
        ),
        # A nested def reading a tensor.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    def message():
                        return f"bad shape {x.shape}"

                    torch._check(x.shape[1] <= 16, message)
                    return x + 1

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 10),)]
            """,
            line=9,
        ),
        # A tensor condition: Dynamo reads it with .item().
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, mask):
                    torch._check_tensor_all(mask.any(-1), lambda: "every row needs a token")
                    return (x * mask.unsqueeze(-1)).sum(1)

            def inputs():
                mask = torch.tensor([[True, False], [True, True]])
                return [(torch.randn(2, 2, 4), mask), (torch.randn(2, 2, 4), mask)]
            """,
            line=6,
            message_contains="item()",
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func)
        if name not in MESSAGE_POSITION:
            return
        message = _argument(node, MESSAGE_POSITION[name], "message")
        if message is not None:
            problem = self._message_problem(message)
            if problem is not None:
                self.report(node, problem)
                return
        if name in TENSOR_CHECKS:
            self.report(
                node,
                Message(
                    f"`{name}` reads its tensor condition with `.item()`",
                    (
                        (
                            "compile",
                            "plain torch.compile breaks the graph here (Unsupported "
                            "Tensor.item() call with capture_scalar_outputs=False); "
                            "torch.compile(fullgraph=True) accepts it",
                        ),
                    ),
                    "use `torch._assert_async(cond.all(), message)`, which compile keeps as a "
                    "graph operation",
                ),
            )

    def _message_problem(self, message: cst.BaseExpression) -> Optional[Message]:
        if type(message) in (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString):
            return _not_a_function("a string")
        if type(message) is cst.Lambda:
            return self._closure_problem(message.body, _lambda_params(message))  # type: ignore[attr-defined]
        if type(message) is cst.Name:
            nested = self._nested_function(message.value)  # type: ignore[attr-defined]
            if nested is not None:
                return self._closure_problem(nested.body, _def_params(nested))
            qualified = self.ctx.qualified_name(message)
            module = self.ctx.model.summary.module
            if (
                qualified is not None
                and qualified == f"{module}.{message.value}"
                and (
                    message.value in self.ctx.model.summary.functions  # type: ignore[attr-defined]
                )
            ):
                return _not_a_function("a function defined outside the compiled code")
        return None

    def _nested_function(self, name: str) -> Optional[cst.FunctionDef]:
        function = self.ctx.function
        if function is None:
            return None
        found: list[cst.FunctionDef] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if type(node) is cst.FunctionDef and node is not function:
                if node.name.value == name:  # type: ignore[attr-defined]
                    found.append(node)  # type: ignore[arg-type]
                return False
            return None

        walk(function.body, enter, lambda node: None, LEAF_TYPES)
        return found[0] if found else None

    def _closure_problem(self, body: cst.CSTNode, params: set[str]) -> Optional[Message]:
        """A message for a message function whose closure reads a value that is no Python
        constant to Dynamo, if it does."""
        function = self.ctx.function
        if function is None:
            return None
        names: list[cst.Name] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if type(node) is cst.Name:
                names.append(node)  # type: ignore[arg-type]
            if type(node) is cst.Attribute:
                walk(node.value, enter, lambda n: None)  # type: ignore[attr-defined]
                return False
            return None

        walk(body, enter, lambda node: None)
        local = _local_names(function)
        sized = None
        for name in names:
            if name.value in params or name.value not in local:
                continue
            kind = self.ctx.kind(name)
            if name.value == "self" or kind in NOT_CONSTANT:
                return Message(
                    f"the message function of this check reads `{name.value}`, which is no "
                    "Python constant",
                    (("compile", self.clauses["compile"]),),
                    self.advice,
                )
            if kind in SIZE_KINDS:
                sized = name.value
        if sized is not None:
            return Message(
                f"the message function of this check reads the size `{sized}`",
                (
                    (
                        "compile",
                        f"torch.compile(fullgraph=True) raises ({CLOSURE_BREAK}) once the size "
                        "varies between calls (it becomes symbolic)",
                    ),
                ),
                self.advice,
            )
        return None


def _not_a_function(what: str) -> Message:
    return Message(
        f"the message of this check is {what}",
        (
            (
                "compile",
                "torch.compile(fullgraph=True) raises (Can't extract message from "
                "torch._check*(): it must be a function defined in the compiled code) and plain "
                "torch.compile breaks the graph here",
            ),
        ),
        'pass a function defined here (`lambda: "message"`)',
    )


def _argument(node: cst.Call, position: int, keyword: str) -> Optional[cst.BaseExpression]:
    for arg in node.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    positional = [arg for arg in node.args if arg.keyword is None and not arg.star]
    return positional[position].value if len(positional) > position else None


def _lambda_params(node: cst.Lambda) -> set[str]:
    params = node.params
    return {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}


def _def_params(node: cst.FunctionDef) -> set[str]:
    params = node.params
    return {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}


def _local_names(function: cst.FunctionDef) -> set[str]:
    """The parameters of ``function`` and the names its body binds (closure candidates)."""
    names = _def_params(function)
    for star in (function.params.star_arg, function.params.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) in (cst.AssignTarget, cst.For, cst.AsName, cst.CompFor):
            target = getattr(node, "target", None) or getattr(node, "name", None)
            for inner in _bound(target):
                names.add(inner)
        elif type(node) in (cst.AnnAssign, cst.AugAssign):
            names.update(_bound(node.target))  # type: ignore[attr-defined]
        elif type(node) is cst.NamedExpr:
            names.update(_bound(node.target))  # type: ignore[attr-defined]
        return None

    walk(function.body, enter, lambda node: None, LEAF_TYPES)
    return names


def _bound(target: Optional[cst.CSTNode]) -> list[str]:
    if target is None:
        return []
    if type(target) is cst.Name:
        return [target.value]  # type: ignore[attr-defined]
    if type(target) in (cst.Tuple, cst.List):
        return [n for e in target.elements for n in _bound(e.value)]  # type: ignore[attr-defined]
    if type(target) is cst.StarredElement:
        return _bound(target.value)  # type: ignore[attr-defined]
    return []
