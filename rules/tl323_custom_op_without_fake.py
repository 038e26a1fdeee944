"""TL323: a custom operator of the project with no fake (abstract) implementation, called in
graph code."""

from __future__ import annotations

import ast
import functools
import os
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.rule import Invalid, Rule, Valid

# Dispatch keys whose kernel also serves fake tensors (a meta kernel, or one made of torch
# operations that run on any tensor).
FAKE_SERVING_KEYS = frozenset(
    {"Meta", "CompositeImplicitAutograd", "CompositeExplicitAutograd", "Autograd"}
)
FAKE_REGISTRARS = ("register_fake", "impl_abstract")
REGISTRATION_DECORATORS = frozenset({"custom_op", "impl", *FAKE_REGISTRARS})


class CustomOpWithoutFake(Rule):
    """Flags calls in graph code of the project's custom operators that have no fake kernel.

    ## What it does
    Finds calls in graph code of a custom operator the project defines, with
    `@torch.library.custom_op("ns::name", ...)` (called by its Python name or as
    `torch.ops.ns.name(...)`) or `torch.library.define("ns::name", ...)` plus
    `torch.library.impl(..., "cpu")`, when no file of the project registers a fake (abstract)
    implementation for it: no `@op.register_fake`, `torch.library.register_fake("ns::name")`,
    `torch.library.impl_abstract(...)`, nor a `Meta` / `CompositeImplicitAutograd` kernel.

    ## Why is this bad?
    `torch.compile` and `torch.export` run the model on fake tensors (shapes and dtypes, no
    data) to record the graph, and torch cannot run a custom operator's real kernel on them:
    it needs the fake implementation to know the shape of the result. Checked with torch 2.13:
    for a `custom_op` without one, `torch.compile` raises, with or without `fullgraph=True`
    ("RuntimeError when making fake tensor call") and `torch.export` fails ("There was no fake impl registered for
    <CustomOpDef(ns::name)>"); for an operator defined with `torch.library.define`,
    `torch.compile(fullgraph=True)` raises ("Operator does not support running with fake
    tensors"), plain `torch.compile` breaks the graph there, and `torch.export` fails
    (UnsupportedOperatorException). `torch.jit.trace` runs the real kernel and passes.

    ## Example
    ```python
    @torch.library.custom_op("mylib::soft_clip", mutates_args=())
    def soft_clip(x: torch.Tensor, limit: float) -> torch.Tensor:
        return limit * torch.tanh(x / limit)

    class Policy(nn.Module):
        def forward(self, obs):
            return soft_clip(self.mu(obs), self.limit)
    ```
    Use instead: register the fake implementation next to the operator:
    ```python
    @soft_clip.register_fake
    def _(x, limit):
        return torch.empty_like(x)
    ```

    ## Fix safety
    No automatic fix: the fake implementation has to compute the output's shape.
    """

    code = "TL323"
    name = "custom-op-without-fake"
    subject = "a custom operator with no fake implementation, called in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (TorchRuntimeError: RuntimeError when making "
            "fake tensor call), and so does plain torch.compile: it records the graph with fake "
            "tensors, and the operator has no kernel for them"
        ),
        "export": "torch.export fails (There was no fake impl registered)",
    }
    advice = (
        "register a fake implementation (`@op.register_fake` returning an empty tensor of the "
        "result's shape)"
    )
    targets = ("compile", "export")

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            @torch.library.custom_op("tl323valid::soft_clip", mutates_args=())
            def soft_clip(x: torch.Tensor, limit: float) -> torch.Tensor:
                return limit * torch.tanh(x / limit)

            @soft_clip.register_fake
            def _(x, limit):
                return torch.empty_like(x)

            class Model(nn.Module):
                def forward(self, x):
                    return soft_clip(x * 2, 2.0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            @torch.library.custom_op("tl323invalid::soft_clip", mutates_args=())
            def soft_clip(x: torch.Tensor, limit: float) -> torch.Tensor:
                return limit * torch.tanh(x / limit)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.mu = nn.Linear(4, 2)

                def forward(self, obs):
                    return soft_clip(self.mu(obs), 2.0)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4) * 5,)]
            """,
            line=14,
        ),
        # Called through torch.ops.
        Invalid(
            """
            import torch
            from torch import nn

            @torch.library.custom_op("tl323ops::scale", mutates_args=())
            def scale(x: torch.Tensor) -> torch.Tensor:
                return x * 2

            class Model(nn.Module):
                def forward(self, x):
                    return torch.ops.tl323ops.scale(x) + 1

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=10,
        ),
        # Defined with torch.library.define and a CPU kernel only.
        Invalid(
            """
            import torch
            from torch import nn

            torch.library.define("tl323def::clip", "(Tensor x, float limit) -> Tensor")

            @torch.library.impl("tl323def::clip", "cpu")
            def clip(x, limit):
                return limit * torch.tanh(x / limit)

            class Model(nn.Module):
                def forward(self, x):
                    return torch.ops.tl323def.clip(x * 2, 2.0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=12,
            message_contains="Operator does not support running with fake tensors",
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func)
        if name is None:
            return
        found = self._operator(name)
        if found is None:
            return
        op, how = found
        if self._faked(op):
            return
        if how == "define":
            message = Message(
                f"`{op}` is {self.subject}",
                (
                    (
                        "compile",
                        "torch.compile(fullgraph=True) raises (Operator does not support "
                        "running with fake tensors) and plain torch.compile breaks the graph "
                        "here",
                    ),
                    ("export", "torch.export fails (UnsupportedOperatorException)"),
                ),
                self.advice,
            )
        else:
            message = Message(f"`{op}` is {self.subject}", tuple(self.clauses.items()), self.advice)
        self.report(node, message)

    def _operator(self, name: str) -> Optional[tuple[str, str]]:
        """The operator (``"ns::name"``) a call of ``name`` runs and how the project defines
        it (``"custom_op"`` or ``"define"``), when the project defines it."""
        if name.startswith("torch.ops."):
            parts = name.split(".")[2:]
            if len(parts) < 2:
                return None
            op = f"{parts[0]}::{parts[1]}"
            for text in self._texts(op):
                definitions = _definitions(text)
                for defined, how in definitions.values():
                    if defined == op:
                        return op, how
                if op in _defined_ops(text):
                    return op, "define"
            return None
        module, _, function = name.rpartition(".")
        summary = self.ctx.index.by_module.get(module)
        if summary is None or function not in summary.functions:
            return None
        text = self.ctx.source if module == self.ctx.model.summary.module else _read(summary.path)
        return _definitions(text).get(function)

    def _faked(self, op: str) -> bool:
        """Whether a file of the project registers a fake implementation of ``op``."""
        functions = set()
        texts = self._texts(op, fakes=True)
        for text in texts:
            functions.update(f for f, (defined, _) in _definitions(text).items() if defined == op)
        for text in texts:
            faked = _fakes(text)
            if op in faked or functions & {name.rpartition(".")[2] for name in faked}:
                return True
        return False

    def _texts(self, op: str, fakes: bool = False) -> list[str]:
        """This file's text and those of the project's files that decorate a function with an
        operator registration (``custom_op``, ``impl``, ``register_fake``) and name ``op``
        (with ``fakes``, also those that register a fake implementation by a Python name:
        ``@soft_clip.register_fake``)."""
        texts = [self.ctx.source]
        here = self.ctx.model.summary.module
        for module, summary in sorted(self.ctx.index.by_module.items()):
            if module == here:
                continue
            registrations = {
                decorator.rpartition(".")[2]
                for function in summary.functions.values()
                for decorator in function.decorators
            } & REGISTRATION_DECORATORS
            if not registrations:
                continue
            text = _read(summary.path)
            if op in text or (fakes and registrations & set(FAKE_REGISTRARS)):
                texts.append(text)
        return texts


def _read(path: str) -> str:
    try:
        stat = os.stat(path)
    except OSError:
        return ""
    return _read_cached(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _read_cached(path: str, mtime: int, size: int) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError):
        return ""


@functools.lru_cache(maxsize=256)
def _tree(text: str) -> Optional[ast.Module]:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


def _dotted(node: ast.AST) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def _first_string(call: ast.Call) -> Optional[str]:
    if call.args and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
        return call.args[0].value
    return None


@functools.lru_cache(maxsize=256)
def _definitions(text: str) -> dict[str, tuple[str, str]]:
    """The functions of ``text`` that define an operator: function name -> (``"ns::name"``,
    ``"custom_op"``), or ``"define"`` for a kernel registered with ``torch.library.impl`` of
    an operator declared with ``torch.library.define``."""
    tree = _tree(text)
    if tree is None:
        return {}
    declared = _defined_ops(text)
    found: dict[str, tuple[str, str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for decorator in node.decorator_list:
            if not isinstance(decorator, ast.Call):
                continue
            op = _first_string(decorator)
            callee = _dotted(decorator.func).rpartition(".")[2]
            if op is None or "::" not in op:
                continue
            if callee == "custom_op":
                found[node.name] = (op, "custom_op")
            elif callee == "impl" and op in declared:
                found[node.name] = (op, "define")
    return found


@functools.lru_cache(maxsize=256)
def _defined_ops(text: str) -> frozenset[str]:
    """The operators ``text`` declares with ``torch.library.define("ns::name", schema)``."""
    tree = _tree(text)
    if tree is None:
        return frozenset()
    return frozenset(
        op
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and _dotted(node.func).endswith("library.define")
        and (op := _first_string(node)) is not None
        and "::" in op
    )


@functools.lru_cache(maxsize=256)
def _fakes(text: str) -> frozenset[str]:
    """What ``text`` registers fake implementations for: operator names (``"ns::name"``) and
    the Python names of custom operators (``@soft_clip.register_fake``)."""
    tree = _tree(text)
    if tree is None:
        return frozenset()
    faked = set()
    for node in ast.walk(tree):
        target: Optional[ast.AST] = None
        if isinstance(node, ast.Call):
            target = node.func
            callee = _dotted(node.func).rpartition(".")[2]
            if callee in FAKE_REGISTRARS and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    faked.add(first.value)
                else:
                    faked.add(_dotted(first))
            elif callee == "impl" and any(
                isinstance(arg, ast.Constant) and arg.value in FAKE_SERVING_KEYS
                for arg in [*node.args, *(k.value for k in node.keywords)]
            ):
                op = _first_string(node)
                if op is not None:
                    faked.add(op)
        elif isinstance(node, ast.Attribute):
            target = node
        if isinstance(target, ast.Attribute) and target.attr in FAKE_REGISTRARS:
            faked.add(_dotted(target.value))
    return frozenset(faked)
