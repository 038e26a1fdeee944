"""TL351: a TorchScript module (traced, scripted, frozen or loaded) called in compiled code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import (
    UNKNOWN_VALUE,
    assignments,
    module_alias,
    parameter,
    self_assignments,
    self_attribute,
)
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.summary import FileSummary

from ._script import class_methods

# torch.jit callables that return a ScriptModule whatever they are given (torch 2.13; the test
# suite calls each on a module and checks the result is a torch.jit.ScriptModule), with the
# way Dynamo refuses to call the result: a traced module's forward is skipped torch code, a
# scripted one (RecursiveScriptModule) is refused outright and the calling frame runs eagerly.
TRACED = "Attempted to inline function marked as skipped"
SCRIPTED = "torch.jit.script/freeze modules unsupported"
# Annotated `-> torch.jit.ScriptModule` only: traced or scripted, one or the other refusal.
EITHER = f"{TRACED} for a traced module, {SCRIPTED} for a scripted one"
ALWAYS_MODULES = {
    "torch.jit.trace_module": TRACED,
    "torch.jit.load": SCRIPTED,
    "torch.jit.freeze": SCRIPTED,
    "torch.jit.optimize_for_inference": SCRIPTED,
}
# Those that return a ScriptModule when given a module, and a ScriptFunction (which Dynamo
# traces) when given a function.
MODULE_OR_FUNCTION = {"torch.jit.trace": TRACED, "torch.jit.script": SCRIPTED}
# Return annotations that say a function gives a ScriptModule (the test suite checks that each
# is torch.jit.ScriptModule or a subclass of it).
SCRIPT_MODULE_TYPES = {
    "torch.jit.ScriptModule": EITHER,
    "torch.jit.RecursiveScriptModule": SCRIPTED,
    "torch.jit._script.RecursiveScriptModule": SCRIPTED,
    "torch.jit._script.ScriptModule": EITHER,
    "torch.jit.TopLevelTracedModule": TRACED,
    "torch.jit.TracedModule": TRACED,
    "torch.jit._trace.TopLevelTracedModule": TRACED,
    "torch.jit._trace.TracedModule": TRACED,
}
# nn.Module methods that return the module itself.
SELF_RETURNING = frozenset(
    {"eval", "train", "to", "cpu", "cuda", "float", "double", "half", "bfloat16",
     "requires_grad_", "share_memory", "type"}
)  # fmt: skip
_SPELLINGS = ("jit", "ScriptModule", "TracedModule")


class ScriptModuleInCompile(Rule):
    """Flags calls, in graph code, of TorchScript modules made by `torch.jit.trace` /
    `script` / `freeze` / `load`.

    ## What it does
    Finds `self.backbone(x)` in graph code where the module's class stores in `self.backbone`
    a TorchScript module: the result of `torch.jit.trace(module, ...)`,
    `torch.jit.script(module)`, `torch.jit.trace_module`, `torch.jit.freeze`,
    `torch.jit.load` or `torch.jit.optimize_for_inference`, directly, through a `.eval()` /
    `.to(...)` on it, or through a function of the file that returns one (or is annotated to
    return a `torch.jit.ScriptModule`); also a module-level name bound so
    (`BACKBONE = torch.jit.load(path)`). Tracing or scripting a plain function gives a
    `ScriptFunction`, which Dynamo calls, and is not flagged.

    ## Why is this bad?
    Dynamo does not trace TorchScript modules. A traced module's forward is torch code it
    skips: `torch.compile(fullgraph=True)` raises ("Attempted to inline function marked as
    skipped") and plain `torch.compile` breaks the graph at the call. A scripted, frozen or
    loaded one (`RecursiveScriptModule`) is refused outright: `fullgraph=True` raises
    ("torch.jit.script/freeze modules unsupported") and plain `torch.compile` leaves the
    calling function uncompiled.

    ## Example
    ```python
    class Probe(nn.Module):
        def __init__(self):
            super().__init__()
            self.backbone = torch.jit.load("backbone.pt")
            self.head = nn.Linear(512, 10)

        def forward(self, x):
            return self.head(self.backbone(x))
    ```
    Use instead: the backbone as the Python `nn.Module` it was traced or scripted from (load
    its `state_dict` into the class), which Dynamo traces, or compile only the layers around
    it (`self.head = torch.compile(self.head)`).

    ## Fix safety
    No automatic fix: the Python module the TorchScript one came from is not in the file.
    """

    code = "TL351"
    name = "script-module-in-compile"
    subject = "a TorchScript module called in compiled code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (Attempted to inline function marked as "
            "skipped) and plain torch.compile breaks the graph at the call"
        ),
    }
    advice = (
        "use the Python nn.Module it was made from (load its state_dict), which Dynamo traces, "
        "or compile only the layers around it"
    )
    targets = ("compile",)

    VALID = [
        # A traced function is a ScriptFunction: Dynamo calls it.
        Valid(
            """
            import torch
            from torch import nn

            def _gelu(x):
                return 0.5 * x * (1.0 + torch.tanh(0.79788456 * (x + 0.044715 * x**3)))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.act = torch.jit.trace(_gelu, torch.randn(2, 4))
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return self.act(self.fc(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # A pre-traced feature extractor, made by a helper of the file.
        Invalid(
            """
            import torch
            from torch import nn

            def frozen_stem():
                stem = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU())
                return torch.jit.trace(stem.eval(), torch.randn(1, 3, 16, 16))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stem = frozen_stem()
                    self.head = nn.Linear(8, 3)

                def forward(self, x):
                    f = self.stem(x * 2.0)
                    return self.head(f.mean(dim=(2, 3)))

            def inputs():
                return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 20, 12),)]
            """,
            line=15,
        ),
        # A scripted encoder: the calling frame is refused, fullgraph raises.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    encoder = nn.Sequential(nn.Linear(4, 8), nn.Tanh())
                    self.encoder = torch.jit.script(encoder)
                    self.out = nn.Linear(8, 2)

                def forward(self, x):
                    return self.out(self.encoder(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="torch.jit.script/freeze modules unsupported",
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        return any(spelling in text for spelling in _SPELLINGS)

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        refusal: Optional[str] = None
        attr = self_attribute(func)
        info = self.ctx.function_info
        if attr is not None:
            owner = info.owner_class if info is not None else None
            if not owner:
                return
            bound = [
                (method, value)
                for method in class_methods(self.ctx, owner)
                for value in _self_values(method, attr)
            ]
            if not bound:
                return
            refusals = [self._made(value, method, 0) for method, value in bound]
            if any(r is None for r in refusals):
                return  # a binding that is not (or not surely) a TorchScript module
            refusal = refusals[0]
            shown = f"self.{attr}"
        elif isinstance(func, cst.Name) and not assignments(self.ctx.function, func.value):
            value = module_alias(self.ctx.module, func.value)
            if value is None:
                return
            refusal = self._made(value, None, 0)
            shown = func.value
        if refusal is None:
            return
        if refusal == TRACED:
            clause = self.clauses["compile"]
        elif refusal == SCRIPTED:
            clause = (
                f"torch.compile(fullgraph=True) raises ({SCRIPTED}) and plain torch.compile "
                "leaves the calling function uncompiled"
            )
        else:
            clause = (
                f"torch.compile(fullgraph=True) raises ({EITHER}) and plain torch.compile "
                "does not compile the call"
            )
        message = Message(
            f"`{shown}` is a TorchScript module, which Dynamo does not trace",
            (("compile", clause),),
            self.advice,
        )
        self.report(node, message)

    def _made(
        self, value: cst.BaseExpression, scope: Optional[cst.FunctionDef], depth: int
    ) -> Optional[str]:
        """How Dynamo refuses a call of ``value`` (bound in ``scope``) when it surely is a
        TorchScript module; None otherwise."""
        if depth > 4:
            return None
        if isinstance(value, cst.Name):
            if scope is not None and parameter(scope, value.value) is not None:
                return None
            bound = assignments(scope, value.value) if scope is not None else []
            if scope is not None and bound:
                if len(bound) != 1 or bound[0][0] is UNKNOWN_VALUE or bound[0][2] != 1:
                    return None
                return self._made(bound[0][0], scope, depth + 1)
            alias = module_alias(self.ctx.module, value.value)
            return self._made(alias, None, depth + 1) if alias is not None else None
        if not isinstance(value, cst.Call):
            return None
        func = value.func
        if isinstance(func, cst.Attribute) and func.attr.value in SELF_RETURNING:
            made = self._made(func.value, scope, depth + 1)
            if made is not None:
                return made
        name = self.ctx.qualified_name(func) or ""
        if name in ALWAYS_MODULES:
            return ALWAYS_MODULES[name]
        if name in MODULE_OR_FUNCTION:
            given = _first_argument(value)
            if given is not None and self._module(given, scope, depth + 1):
                return MODULE_OR_FUNCTION[name]
            return None
        if isinstance(func, cst.Name):
            return self._helper_made(func.value, depth)
        return None

    def _helper_made(self, name: str, depth: int) -> Optional[str]:
        """A module-level function of the file that returns a TorchScript module: annotated so,
        or every ``return`` of it giving one."""
        helper = next(
            (
                stmt
                for stmt in self.ctx.module.body
                if isinstance(stmt, cst.FunctionDef) and stmt.name.value == name
            ),
            None,
        )
        if helper is None:
            return None
        returned = _returns(helper)
        refusals = [self._made(value, helper, depth + 1) for value in returned]
        if refusals and all(r is not None for r in refusals):
            return refusals[0] if len(set(refusals)) == 1 else EITHER
        if helper.returns is not None:
            annotated = self.ctx.qualified_name(helper.returns.annotation) or ""
            return SCRIPT_MODULE_TYPES.get(annotated)
        return None

    def _module(
        self, value: cst.BaseExpression, scope: Optional[cst.FunctionDef], depth: int
    ) -> bool:
        """``value`` is surely an ``nn.Module`` instance: a torch.nn class or a module class of
        the project called, a module method returning the module, or a name bound to one."""
        if depth > 6:
            return False
        if isinstance(value, cst.Name):
            bound = assignments(scope, value.value) if scope is not None else []
            if len(bound) == 1 and bound[0][0] is not UNKNOWN_VALUE and bound[0][2] == 1:
                return self._module(bound[0][0], scope, depth + 1)
            return False
        if not isinstance(value, cst.Call):
            return False
        func = value.func
        if isinstance(func, cst.Attribute) and func.attr.value in SELF_RETURNING:
            return self._module(func.value, scope, depth + 1)
        name = self.ctx.qualified_name(func) or ""
        if name.startswith("torch.nn.") and name.rpartition(".")[2][:1].isupper():
            return True
        return self.ctx.index.class_info(name) is not None and self.ctx.index.is_module_class(name)


def _first_argument(call: cst.Call) -> Optional[cst.BaseExpression]:
    for arg in call.args:
        if arg.star:
            return None
        if arg.keyword is None or arg.keyword.value in ("obj", "func", "mod"):
            return arg.value
    return None


def _self_values(method: cst.FunctionDef, attr: str) -> list[cst.BaseExpression]:
    """The values ``method`` binds to ``self.<attr>``; an unknown binding makes the list hold
    UNKNOWN_VALUE (not a TorchScript module)."""
    return [v if v is not None else UNKNOWN_VALUE for v in self_assignments(method, attr)]


def _returns(function: cst.FunctionDef) -> list[cst.BaseExpression]:
    """The values of the ``return`` statements of ``function`` (nested functions left out); an
    empty list when one returns nothing."""
    found: list[Optional[cst.BaseExpression]] = []

    class Returns(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is function

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return False

        def visit_Return(self, node: cst.Return) -> None:
            found.append(node.value)

    function.visit(Returns())
    if any(value is None for value in found):
        return []
    return [value for value in found if value is not None]
