"""Driver code: the code outside graph regions that runs models, for the performance rules.

Graph regions say what a back-end compiles; driver code is everything that calls those models:
training loops, evaluation loops, inference functions, scripts at module level. The model here
answers, for one file, the questions the TL4xx rules ask:

- ``site = driver.call(call_node)``: a :class:`CallSite` for every call in driver code (``None``
  inside graph functions): its :class:`Scope` (function or module top level), the enclosing
  loops (innermost last), the grad mode at the call (``"off"`` under ``torch.no_grad()``,
  ``torch.inference_mode()``, ``torch.set_grad_enabled(False)`` or their decorators, ``"on"``
  under ``torch.enable_grad()``, ``"unknown"`` under a computed ``set_grad_enabled(flag)``,
  ``"default"`` otherwise), whether an ``if`` inside the innermost loop guards it, and ``model``:
  the dotted name of the model it calls (``"model"``, ``"self.net"``) when it is a model call.
- ``driver.grad_disabled(site)``: the call runs without autograd, counting decorators and callers
  in the same file that call this function under ``no_grad`` (two or more frames up).
- ``driver.scope(node)`` / ``driver.loop(node)``: facts about a function or a loop: whether it
  trains (``.backward()``, ``torch.autograd.grad``, optimizer ``step`` / ``zero_grad``), calls a
  model, iterates a data loader (and whether that loader looks like validation / test data).
- ``driver.mode_before(site)``: the last ``.eval()`` / ``.train()`` on the called model before the
  call in the same scope, in source order (``"eval"``, ``"train"`` or ``None``).
- ``driver.kind(expr, function)``: the :class:`Kind` of an expression in a driver function (or at
  module level when ``function`` is None), inferred like graph code but with parameters unknown.
- File facts: ``feeds_cuda`` (``.cuda()`` or a ``"cuda"`` device appears), ``uses_conv`` (a
  convolution module or function is built or called), ``sets_cudnn_benchmark``.

What counts as a model: a name or ``self.<attr>`` bound to an instance of an ``nn.Module``
subclass (resolved through the project index, across files; loss modules excluded), a parameter
annotated with one, and ``model`` / ``net`` / ``self.model``-style names that are ``.eval()``ed or
``.train()``ed in the same scope (or at module level), or called inside a loop.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional, Union

import libcst as cst

from torchlint.lint.semantic.kinds import Kind, KindInference
from torchlint.lint.walk import LEAF_TYPES, walk

if TYPE_CHECKING:
    from torchlint.lint.semantic.model import FileModel

GRAD_OFF_CONTEXTS = frozenset(
    {
        "torch.no_grad",
        "torch.autograd.no_grad",
        "torch.autograd.grad_mode.no_grad",
        "torch.inference_mode",
        "torch.autograd.inference_mode",
        "torch.autograd.grad_mode.inference_mode",
    }
)
GRAD_ON_CONTEXTS = frozenset(
    {"torch.enable_grad", "torch.autograd.enable_grad", "torch.autograd.grad_mode.enable_grad"}
)
SET_GRAD_ENABLED = frozenset(
    {
        "torch.set_grad_enabled",
        "torch.autograd.set_grad_enabled",
        "torch.autograd.grad_mode.set_grad_enabled",
    }
)
AUTOGRAD_CALLS = frozenset({"torch.autograd.grad", "torch.autograd.backward"})
# Methods that return the model itself, so ``Net().to(device).eval()`` is still a Net.
SELF_RETURNING_METHODS = frozenset(
    {"to", "cuda", "cpu", "eval", "train", "float", "half", "double", "bfloat16", "requires_grad_"}
)
MODEL_NAME = re.compile(
    r"^(model|net|network|classifier|encoder|decoder|backbone|generator|discriminator|teacher"
    r"|student|policy|critic|actor)$|_(model|net)$|^(model|net)_"
)
OPTIMIZER_NAME = re.compile(r"(^|_)(opt|optim|optimizer|optimiser)(_|$|\d)")
LOADER_NAME = re.compile(r"(loader|(^|_)dl($|_)|dataloader|batches)", re.IGNORECASE)
EVAL_LOADER_NAME = re.compile(r"(^|_)(val|valid|validation|test|eval|dev)(_|$)", re.IGNORECASE)
GradMode = str  # "off" | "on" | "unknown" | "default"


@dataclass
class Scope:
    """A driver function (``node`` is its FunctionDef) or the module top level (``node`` is the Module)."""

    node: Union[cst.FunctionDef, cst.Module]
    name: str
    parent: Optional[Scope]
    owner_class: Optional[str]
    grad: GradMode = "default"  # from decorators
    trains: bool = False
    calls_model: bool = False
    inherited_off: bool = False  # a caller in this file calls it under no_grad
    sites: list[CallSite] = field(default_factory=list)
    # Module-class instances bound by assignment here: dotted name -> class qualified name.
    instances: dict[str, str] = field(default_factory=dict)
    mode_receivers: set[str] = field(default_factory=set)  # names .eval()ed / .train()ed here
    annotated_models: set[str] = field(default_factory=set)


@dataclass
class Loop:
    node: Union[cst.For, cst.While]
    scope: Scope
    parent: Optional[Loop]
    over_loader: bool = False
    over_eval_loader: bool = False
    trains: bool = False
    calls_model: bool = False


@dataclass
class CallSite:
    node: cst.Call
    scope: Scope
    loops: tuple[Loop, ...]
    grad: GradMode
    conditional: bool  # an ``if`` inside the innermost loop guards it
    name: Optional[str]  # qualified name of the callee, when it resolves
    receiver: Optional[str] = None  # dotted receiver of a method call: "model" in model.eval()
    method: Optional[str] = None
    model: Optional[str] = None  # dotted name of the model this call runs


def dotted(node: cst.BaseExpression) -> Optional[str]:
    """``self.model`` -> ``"self.model"``; None for anything but names and attribute chains."""
    parts: list[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if not isinstance(node, cst.Name):
        return None
    parts.append(node.value)
    return ".".join(reversed(parts))


def _literal_bool(node: cst.BaseExpression) -> Optional[bool]:
    if isinstance(node, cst.Name) and node.value in ("True", "False"):
        return node.value == "True"
    return None


def context_grad_mode(
    context: cst.BaseExpression, qualified_name: Callable[[cst.CSTNode], Optional[str]]
) -> Optional[GradMode]:
    """The grad mode a `with` item or decorator sets (``"off"``, ``"on"``, ``"unknown"`` for a
    computed flag), or None when it sets none; ``qualified_name`` resolves the callee."""
    target = context.func if isinstance(context, cst.Call) else context
    name = qualified_name(target)
    args = context.args if isinstance(context, cst.Call) else ()
    if name in GRAD_ON_CONTEXTS:
        return "on"
    if name in GRAD_OFF_CONTEXTS:
        if "inference_mode" in name and args:
            flag = _literal_bool(args[0].value)
            return "off" if flag else None if flag is False else "unknown"
        return "off"
    if name in SET_GRAD_ENABLED and args:
        flag = _literal_bool(args[0].value)
        return "unknown" if flag is None else "on" if flag else "off"
    return None


# The node classes the driver model collects from (``_enter`` and ``_leave`` ignore others).
DRIVER_TYPES = frozenset(
    {
        cst.FunctionDef,
        cst.ClassDef,
        cst.For,
        cst.While,
        cst.If,
        cst.IfExp,
        cst.With,
        cst.Call,
        cst.Assign,
        cst.AnnAssign,
    }
)


class DriverModel:
    """Driver-code facts for one file (``ctx.driver``). Kinds need no walk of the file; the
    call sites, scopes, loops and file facts are collected in one walk, on the first question."""

    def __init__(self, module: cst.Module, model: FileModel) -> None:
        self.module = module
        self.file = model
        self.index = model.index
        self._sites: dict[int, CallSite] = {}
        self._scopes: dict[int, Scope] = {}
        self._loops: dict[int, Loop] = {}
        self._inferences: dict[int, Optional[KindInference]] = {}
        self._collected = False
        self._walking = False
        self._feeds_cuda = False
        self._uses_conv = False
        self._sets_cudnn_benchmark = False

    def _collected_model(self) -> DriverModel:
        if not self._collected:
            # Asked before the engine's walk has ended: give that up, and walk the file now.
            self._walking = False
            self._collected = True
            self._collect()
        return self

    @property
    def feeds_cuda(self) -> bool:
        return self._collected_model()._feeds_cuda

    @property
    def uses_conv(self) -> bool:
        return self._collected_model()._uses_conv

    @property
    def sets_cudnn_benchmark(self) -> bool:
        return self._collected_model()._sets_cudnn_benchmark

    def release(self) -> None:
        """Unlink scopes from their call sites once the file is linted: a call site points back
        at its scope, and that cycle would keep the file's tree alive until the cyclic
        collector runs. The model answers nothing after this."""
        for scope in self._scopes.values():
            scope.sites = []
        self._sites.clear()

    # -- queries -----------------------------------------------------------------------
    def call(self, node: cst.Call) -> Optional[CallSite]:
        return self._collected_model()._sites.get(id(node))

    def scopes(self) -> list[Scope]:
        """Every driver scope of the file: the module's top level and its driver functions."""
        return list(self._collected_model()._scopes.values())

    def scope(self, node: Union[cst.FunctionDef, cst.Module]) -> Optional[Scope]:
        return self._collected_model()._scopes.get(id(node))

    def loop(self, node: Union[cst.For, cst.While]) -> Optional[Loop]:
        return self._collected_model()._loops.get(id(node))

    def grad_disabled(self, site: CallSite) -> bool:
        """Autograd is off at this call (context, decorator, or every caller in the file)."""
        if site.grad != "default":
            return site.grad == "off"
        scope: Optional[Scope] = site.scope
        while scope is not None:
            if scope.grad != "default":
                return scope.grad == "off"
            if scope.inherited_off:
                return True
            scope = scope.parent
        return False

    def grad_unknown(self, site: CallSite) -> bool:
        """A computed ``set_grad_enabled(flag)`` holds at the call: say nothing about it."""
        return site.grad == "unknown" or site.scope.grad == "unknown"

    def mode_before(self, site: CallSite) -> Optional[str]:
        if site.model is None:
            return None
        last = None
        for other in site.scope.sites:
            if other.node is site.node:
                break
            if other.receiver == site.model and other.method in ("eval", "train"):
                last = other.method
                if other.method == "train" and other.node.args:
                    flag = _literal_bool(other.node.args[0].value)
                    last = "eval" if flag is False else "train" if flag else None
        return last

    def kind(self, node: cst.BaseExpression, function: Optional[cst.FunctionDef]) -> Kind:
        """Kind of ``node`` in a driver function, or at module level when ``function`` is None."""
        key = id(function) if function is not None else id(self.module)
        if key not in self._inferences:
            self._inferences[key] = self._infer(function)
        inference = self._inferences[key]
        return inference.kind(node) if inference is not None else Kind.UNKNOWN

    def _infer(self, function: Optional[cst.FunctionDef]) -> Optional[KindInference]:
        if function is None:
            # Module-level statements, read as the body of a function without parameters.
            func = cst.FunctionDef(
                name=cst.Name("__module__"),
                params=cst.Parameters(),
                body=cst.IndentedBlock(body=self.module.body),
            )
            owner = None
        else:
            info = self.file.function_info(function)
            if info is None:
                return None
            func, owner = function, info.owner_class
        try:
            return KindInference(self.file, func, owner, params_are_tensors=False).run()
        except RecursionError:
            return None

    # -- building ----------------------------------------------------------------------
    # The collection is one walk of the file: the model's own (``_collect``), or the engine's
    # shared traversal, which calls ``walk_enter`` / ``walk_leave`` on every node between
    # ``begin_walk`` and ``end_walk`` (see the engine's deferred rules).
    def _collect(self) -> None:
        self._begin()
        walk(self.module, self._enter, self._leave, LEAF_TYPES)
        self._finish()

    def begin_walk(self) -> None:
        """Collect from the engine's traversal instead of a walk of its own."""
        self._begin()
        self._walking = True
        self._skipped: Optional[cst.CSTNode] = None

    def walk_enter(self, node: cst.CSTNode) -> None:
        if not self._walking or self._skipped is not None:
            return
        if self._enter(node) is False:
            self._skipped = node  # graph code: nothing under it until it is left

    def walk_leave(self, node: cst.CSTNode) -> None:
        if not self._walking:
            return
        if self._skipped is not None:
            if node is not self._skipped:
                return
            self._skipped = None
        self._leave(node)

    def end_walk(self) -> None:
        if self._walking:
            self._walking = False
            self._finish()

    def _begin(self) -> None:
        self._sites.clear()
        self._scopes.clear()
        self._loops.clear()
        self._feeds_cuda = self._uses_conv = self._sets_cudnn_benchmark = False
        top = Scope(self.module, "<module>", None, None)
        self._scopes[id(self.module)] = top
        self._scope_stack: list[Optional[Scope]] = [top]  # None while inside graph code
        self._loop_stack: list[list[Loop]] = [[]]
        self._grads: list[GradMode] = ["default"]
        self._ifs_in_loop: list[int] = [0]
        self._pushed_grad: set[int] = set()

    def _finish(self) -> None:
        self._collected = True
        self._resolve_models()
        self._inherit_grad()

    def _enter(self, node: cst.CSTNode) -> Optional[bool]:
        # Only nodes of DRIVER_TYPES matter here and in _leave.
        # Compared by type: isinstance against libcst's ABCs is slow on every node.
        kind = type(node)
        scope = self._scope_stack[-1]
        if kind is cst.FunctionDef:
            info = self.file.function_info(node)
            if scope is None or info is None or info.region is not None:
                self._scope_stack.append(None)
            else:
                new = Scope(node, node.name.value, scope, info.owner_class)
                new.grad = self._decorator_grad(node)
                self._annotated_models(node, new)
                self._scopes[id(node)] = new
                self._scope_stack.append(new)
            self._loop_stack.append([])
            self._grads.append("default")
            self._ifs_in_loop.append(0)
            # Graph code is not driver code: skip its body.
            return self._scope_stack[-1] is not None
        if kind is cst.ClassDef:
            self._scope_stack.append(None if scope is None else scope)
            return None
        if scope is None:
            return None
        if kind is cst.For or kind is cst.While:
            loop = Loop(node, scope, self._loop_stack[-1][-1] if self._loop_stack[-1] else None)
            if kind is cst.For:
                self._classify_iter(loop, node.iter)
            self._loops[id(node)] = loop
            self._loop_stack[-1].append(loop)
            self._ifs_in_loop.append(0)
        elif (kind is cst.If or kind is cst.IfExp) and self._loop_stack[-1]:
            self._ifs_in_loop[-1] += 1
        elif kind is cst.With:
            mode = self._with_grad(node)
            if mode is not None:
                self._grads.append(mode)
                self._pushed_grad.add(id(node))
        elif kind is cst.Call:
            self._record_call(
                node, scope, tuple(self._loop_stack[-1]), self._grads, self._ifs_in_loop[-1] > 0
            )
        elif kind is cst.Assign or kind is cst.AnnAssign:
            self._record_assignment(node, scope)
        return None

    def _leave(self, node: cst.CSTNode) -> None:
        kind = type(node)
        if kind is cst.FunctionDef:
            self._scope_stack.pop()
            self._loop_stack.pop()
            self._grads.pop()
            self._ifs_in_loop.pop()
        elif kind is cst.ClassDef:
            self._scope_stack.pop()
        elif self._scope_stack[-1] is None:
            return
        elif (
            (kind is cst.For or kind is cst.While)
            and self._loop_stack[-1]
            and self._loop_stack[-1][-1].node is node
        ):
            self._loop_stack[-1].pop()
            self._ifs_in_loop.pop()
        elif (kind is cst.If or kind is cst.IfExp) and self._loop_stack[-1]:
            self._ifs_in_loop[-1] -= 1
        elif id(node) in self._pushed_grad:
            self._pushed_grad.discard(id(node))
            self._grads.pop()

    def _decorator_grad(self, node: cst.FunctionDef) -> GradMode:
        for dec in node.decorators:
            mode = context_grad_mode(dec.decorator, self.file.qualified_name)
            if mode is not None:
                return mode
        return "default"

    def _with_grad(self, node: cst.With) -> Optional[GradMode]:
        for item in node.items:
            mode = context_grad_mode(item.item, self.file.qualified_name)
            if mode is not None:
                return mode
        return None

    def _annotated_models(self, node: cst.FunctionDef, scope: Scope) -> None:
        params = node.params
        for param in [*params.posonly_params, *params.params, *params.kwonly_params]:
            if param.annotation is None:
                continue
            name = self.file.qualified_name(param.annotation.annotation)
            if name and self.index.is_module_class(name):
                scope.annotated_models.add(param.name.value)

    def _classify_iter(self, loop: Loop, iterable: cst.BaseExpression) -> None:
        inner = iterable
        while isinstance(inner, cst.Call) and inner.args:  # enumerate(loader), tqdm(loader)
            name = self.file.qualified_name(inner.func) or ""
            if name in ("builtins.enumerate", "builtins.zip", "builtins.iter") or "tqdm" in name:
                inner = inner.args[0].value
            else:
                break
        text = dotted(inner) or ""
        last = text.rsplit(".", 1)[-1]
        if last and LOADER_NAME.search(last):
            loop.over_loader = True
            loop.over_eval_loader = bool(EVAL_LOADER_NAME.search(last))

    def _record_assignment(self, node: Union[cst.Assign, cst.AnnAssign], scope: Scope) -> None:
        targets = (
            [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
        )
        if any(self.file.qualified_name(t) == "torch.backends.cudnn.benchmark" for t in targets):
            self._sets_cudnn_benchmark = True
        value = node.value
        if value is None:
            return
        while (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value in SELF_RETURNING_METHODS
        ):
            value = value.func.value
        if not isinstance(value, cst.Call):
            return
        cls = self.file.qualified_name(value.func)
        if not cls or cls.endswith("Loss") or not self.index.is_module_class(cls):
            return
        for target in targets:
            key = dotted(target)
            if key:
                scope.instances[key] = cls

    def _record_call(
        self,
        node: cst.Call,
        scope: Scope,
        loops: tuple[Loop, ...],
        grads: list[GradMode],
        conditional: bool,
    ) -> None:
        name = self.file.qualified_name(node.func)
        receiver = method = None
        if isinstance(node.func, cst.Attribute):
            receiver = dotted(node.func.value)
            method = node.func.attr.value
        site = CallSite(node, scope, loops, grads[-1], conditional, name, receiver, method)
        self._sites[id(node)] = site
        scope.sites.append(site)
        trains = (
            method == "backward"
            or name in AUTOGRAD_CALLS
            or (
                method in ("step", "zero_grad")
                and receiver is not None
                and bool(OPTIMIZER_NAME.search(receiver.rsplit(".", 1)[-1].lower()))
            )
        )
        if trains:
            scope.trains = True
            for loop in loops:
                loop.trains = True
        if method in ("eval", "train") and receiver is not None and len(node.args) <= 1:
            scope.mode_receivers.add(receiver)
        if method == "cuda" or name == "torch.cuda.synchronize" or self._names_cuda(node):
            self._feeds_cuda = True
        if name and (
            "Conv" in name.rsplit(".", 1)[-1] or name.startswith("torch.nn.functional.conv")
        ):
            self._uses_conv = True

    @staticmethod
    def _names_cuda(node: cst.Call) -> bool:
        """A ``"cuda..."`` string among the arguments, also inside ``a if cond else b``."""
        values = [arg.value for arg in node.args]
        while values:
            value = values.pop()
            if isinstance(value, cst.SimpleString) and "cuda" in value.value:
                return True
            if isinstance(value, cst.IfExp):
                values.extend((value.body, value.orelse))
        return False

    def _resolve_models(self) -> None:
        for scope in self._scopes.values():
            for site in scope.sites:
                site.model = self._model_called(site)
                if site.model is not None:
                    scope.calls_model = True
                    for loop in site.loops:
                        loop.calls_model = True

    def _model_called(self, site: CallSite) -> Optional[str]:
        func = site.node.func
        if isinstance(func, cst.Attribute) and func.attr.value == "forward":
            func = func.value
        key = dotted(func)
        if key is None or site.name in GRAD_OFF_CONTEXTS | GRAD_ON_CONTEXTS:
            return None
        return key if self.is_model(key, site.scope, in_loop=bool(site.loops)) else None

    def is_model(self, key: str, scope: Scope, in_loop: bool = False) -> bool:
        """Whether the dotted name ``key`` denotes a model (an ``nn.Module`` instance) in ``scope``."""
        if self.model_class(key, scope) is not None:
            return True
        current: Optional[Scope] = scope
        while current is not None:
            if key in current.annotated_models or key in current.mode_receivers:
                return True
            current = current.parent
        return in_loop and bool(MODEL_NAME.search(key.rsplit(".", 1)[-1]))

    def model_class(self, key: str, scope: Scope) -> Optional[str]:
        """The ``nn.Module`` class bound to ``key`` in ``scope`` (or enclosing scopes), when known."""
        current: Optional[Scope] = scope
        while current is not None:
            if key in current.instances:
                return current.instances[key]
            current = current.parent
        if key.startswith("self.") and key.count(".") == 1 and scope.owner_class:
            cls = self.index.attribute_class(scope.owner_class, key[5:])
            if cls and not cls.endswith("Loss") and self.index.is_module_class(cls):
                return cls
        return None

    def _inherit_grad(self) -> None:
        """A function that a caller in this file calls under no_grad is treated as grad-free.

        Precision over recall: one such caller (directly or a few frames up) shows the author
        runs it as inference under no_grad, so its model calls are not flagged.
        """
        by_name: dict[str, list[Scope]] = {}
        for scope in self._scopes.values():
            if isinstance(scope.node, cst.FunctionDef):
                by_name.setdefault(scope.name, []).append(scope)
        callers: dict[int, list[CallSite]] = {}
        for scope in self._scopes.values():
            for site in scope.sites:
                func = site.node.func
                callee_name = None
                if isinstance(func, cst.Name):
                    callee_name = func.value
                elif isinstance(func, cst.Attribute) and site.receiver == "self":
                    callee_name = func.attr.value
                for callee in by_name.get(callee_name or "", ()):
                    if isinstance(func, cst.Attribute) and callee.owner_class != scope.owner_class:
                        continue
                    callers.setdefault(id(callee.node), []).append(site)
        for _ in range(4):  # a no_grad up to a few frames up
            changed = False
            for scope in self._scopes.values():
                if scope.inherited_off:
                    continue
                outside = [
                    site for site in callers.get(id(scope.node), ()) if site.scope is not scope
                ]
                if any(self.grad_disabled(site) for site in outside):
                    scope.inherited_off = True
                    changed = True
            if not changed:
                break
