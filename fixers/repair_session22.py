"""Repairs for findings torchlint reported without a fix (issue #23, session 22).

``UncachedScriptedMethod`` (TL242, unsafe): ``@functools.lru_cache(...)`` / ``@functools.cache``
on a method of the same class that scripted code calls -> the decorator removed. TorchScript
compiles the class attribute, which for a cached method is the cache's wrapper object, and
fails; the plain method scripts (checked on torch 2.13). Unsafe: every call now computes the
value again: the same value where the method reads only its arguments and attributes that do
not change, but a value cached before an attribute changed, or a cached tensor changed in
place by a caller, is no longer what is returned.

``CheckpointOutsideScript`` (TL209, safe): ``checkpoint(fn, x, y, use_reentrant=False)`` ->
``(fn(x, y) if torch.jit.is_scripting() else checkpoint(fn, x, y, use_reentrant=False))``.
TorchScript cannot compile ``torch.utils.checkpoint.checkpoint`` (it takes ``*args``), and
compiles only the branch of ``torch.jit.is_scripting()`` it takes, where ``fn`` runs on the
same arguments: checkpointing recomputes ``fn`` in the backward pass and gives the forward
output of ``fn`` itself (checked on torch 2.13: scripts, equal to eager). Eager, trace,
compile and export run the ``checkpoint`` call as before. Only where ``fn`` is a name or an
attribute and the arguments have no ``*`` / ``**``; the keyword arguments of ``checkpoint``
itself (``use_reentrant``, ``preserve_rng_state``, ``context_fn``, ``determinism_check``,
``debug``) are dropped from the scripted call, others are ``fn``'s (only with
``use_reentrant=False``, the one mode that passes them on).

``StateDictEntry`` (TL209, unsafe): ``self.state_dict(keep_vars=True)["base.weight"]`` ->
``self.base.weight``; ``self.state_dict()["base.weight"]`` -> ``self.base.weight.detach()``
(``"layers.0.weight"`` -> ``self.layers[0].weight``). ``nn.Module._save_to_state_dict`` stores
each parameter and buffer under its dotted path, as it is with ``keep_vars=True`` and
detached otherwise; TorchScript compiles the attribute chain but not ``state_dict``.
Unsafe: a module that overrides ``_save_to_state_dict`` or has a state-dict hook stores
something else, a non-persistent buffer raised KeyError and is now returned, and a number in
the path indexes a ``ModuleList`` / ``Sequential`` (a ``ModuleDict`` keyed by the digits is
not indexed so).

``SumOverModules`` (TL209, unsafe): ``sum(tower(x) for tower in self.towers)`` (or a list
comprehension) over a ``ModuleList`` / ``Sequential`` -> ``total = 0`` and ``for tower in
self.towers: total = total + tower(x)`` before the statement, which reads ``total``. Python's
``sum`` adds the terms to its start 0 in order, as the loop does; TorchScript cannot sum a
list of tensors but unrolls a loop over a module container, so ``total`` may be an int before
the loop and a tensor after it (checked on torch 2.13: scripts, equal eager). Unsafe: the sum
now runs before the rest of its statement (what it computed first, a dropout's draw, now runs
after) and the loop's names stay bound.

``MethodForClosure`` (TL204, unsafe): a nested ``def act(t):`` in a method that reads
``self`` and nothing else of the method -> a method ``def _act(self, t):`` after it, the
calls ``act(...)`` -> ``self._act(...)``. TorchScript rejects nested functions but compiles
the methods a scripted method calls (checked on torch 2.13: scripts, equal eager); ``self`` is
the same object in both. Only where the nested function has no decorator, ``global`` /
``nonlocal`` / ``yield``, no parameter named ``self``, and its name is bound once and only
called. Unsafe: the class gains a method (a subclass's attribute of that name now wins).

``ReduceToLoop`` (TL209, unsafe): ``functools.reduce(operator.mul, x.shape[1:], 1)`` ->
``acc = 1`` and ``for item in x.shape[1:]: acc = acc * item`` before the statement, which
reads ``acc``; ``functools.reduce(f, xs, init)`` -> ``acc = f(acc, item)``; ``lambda a, b:
a * b`` -> its body with the lambda's parameters as the loop's names. TorchScript binds no
``functools.reduce``; ``reduce`` calls ``f(acc, item)`` on the items in order, as the loop does
(checked on torch 2.13: scripts, equal eager). Only with a start value. Unsafe: the reduction
now runs before the rest of its statement, the start is now evaluated before the items, and
the loop's names stay bound.

``NullContextBranches`` (TL206, safe): ``with (torch.no_grad() if frozen else
contextlib.nullcontext()):`` (or the ternary bound to a name on the line before the ``with``
and read nowhere else) -> ``if frozen: with torch.no_grad(): <block>`` ``else: <block>``.
TorchScript compiles both branches of the ternary and fails on ``nullcontext``; the same test,
evaluated once at the same point, picks the same block (checked on torch 2.13: scripts, equal
eager). The block is written twice.

``RepeatedSizeToFull`` (TL108, unsafe): ``torch.tensor([t] * b)`` (``b * [t]``) of traced
sizes or int literals -> ``torch.full((b,), t)`` (``dtype=`` / ``device=`` kept). The tracer
records ``full`` from the sizes where ``torch.tensor`` of the list is a constant (checked on
torch 2.13: the trace follows other sizes). Both give int64 values; unsafe: an empty list gave
a float32 tensor, ``full`` an int64 one.

``UnconditionalNanToNum`` (TL101, unsafe): ``if not torch.isfinite(y).all(): y =
torch.nan_to_num(y, ...)`` (``(~y.isfinite()).any()``, ``torch.all(...)``, ``y.nan_to_num(...)``,
``y.nan_to_num_(...)``) -> the replacement alone. ``nan_to_num`` leaves finite values as they
are, so where the test was false it returns the same values; compile, export and trace then
have no data-dependent branch. Unsafe: ``y`` is now a new tensor where the test was false (code
holding the old one no longer shares it). Not for an ``isnan`` / ``isinf`` test (nan_to_num
replaces the other kind too).

``ParentMethodCopy`` (TL209, unsafe): ``super().forward(x)`` where the class's one base is a
class of the file (up a chain of one-base classes to the first defining the method) ->
``self._base_forward(x)``, a copy of the parent's method added after the caller. TorchScript
has no ``super()`` but compiles the copy, which runs on the same ``self`` (checked on torch
2.13: scripts, equal eager). Not for a method with a decorator, ``super()``, ``__class__``, a
private ``__name`` (mangled by the class it is in) or a default or annotation read in the
parent's class body. Unsafe: a subclass mixing in another class changes what ``super()``
found; the copy does not follow later edits of the parent.

``WidthOneSliceToIndexSelect`` (TL102, unsafe): ``t[..., k - 1 : k]`` / ``t[:, i : i + 1]``
between 0-d tensor bounds -> ``t.index_select(-1, (k - 1).reshape(1))``: the same one
position, its dimension kept, with no Python int read from the bound (checked on torch 2.13:
compiles with fullgraph and exports). Unsafe: an out-of-range bound gave an empty slice and
now raises.

``SettingAtInit`` (TL209, unsafe): ``round(self.base_temp * self.decay, 3)`` or
``"{:.2f}".format(self.ratio)`` in a method, reading only attributes ``__init__`` binds once
to numbers or strings (literals, or its parameters annotated or defaulted as such) ->
``self.base_temp_round``, bound by ``self.base_temp_round = round(...)`` after the last of
those ``__init__`` lines. TorchScript has no ``round(x, ndigits)`` and formats only ``{}``
fields, but reads a float or str attribute (checked on torch 2.13: scripts, equal eager).
Unsafe: the value is computed once, so an attribute changed after construction is no longer
followed.
"""

from __future__ import annotations

import keyword
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._shared import (
    contains,
    expression_in_place,
    fresh_name,
    names_in,
    numbered,
    plain_reference,
    running_line,
    stored_subscript,
    variable_uses,
)
from ._tensor_exprs import has_comments, len_as_shape, traced_size
from .script_closures import _bound_in, _has_scope_statements, _reads
from .script_heldout27 import _enclosing_class, _init_line, _methods

CACHE_DECORATORS = frozenset({"functools.lru_cache", "functools.cache"})


def _class_of_method(fixer: Fixer, function: cst.FunctionDef) -> Optional[cst.ClassDef]:
    block = fixer.parent(function)
    cls = fixer.parent(block) if isinstance(block, cst.IndentedBlock) else None
    return cls if isinstance(cls, cst.ClassDef) else None


def _class_names(cls: cst.ClassDef) -> set[str]:
    """Every name spelled in the class (its methods, attributes, ``self.<attr>`` reads)."""
    return {n.value for n in names_in(cls)}


def _hoisted_loop(
    fixer: Fixer, call: cst.BaseExpression, result: str, text: str
) -> Optional[list[Replacement]]:
    """``text`` (statements binding ``result``) before the line running ``call``, which then
    reads ``result`` in the call's place; the line's comments above stay above."""
    line = running_line(fixer, call)
    if line is None or len(line.body) != 1:
        return None
    if contains(line, lambda n: isinstance(n, cst.NamedExpr)):
        return None  # the line may bind what the hoisted loop reads
    body = list(cst.parse_module(text).body)
    body[0] = body[0].with_changes(leading_lines=line.leading_lines)
    rest = line.deep_replace(call, cst.Name(result))
    body.append(rest.with_changes(leading_lines=()))
    return [(line, cst.FlattenSentinel(body))]


# -- a cached method called in scripted code ---------------------------------------------------
class UncachedScriptedMethod(Fixer):
    codes = ("TL242",)
    applicability = "unsafe"
    message = (
        "drop the cache decorator: every call computes the value again (the same value where "
        "the method reads only its arguments and unchanged attributes)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return None
        if not isinstance(call.func.value, cst.Name) or call.func.value.value != "self":
            return None
        cls = next((a for a in self.ancestors(call) if isinstance(a, cst.ClassDef)), None)
        if cls is None or not isinstance(cls.body, cst.IndentedBlock):
            return None
        name = call.func.attr.value
        methods = [
            s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name
        ]
        if len(methods) != 1:
            return None
        method = methods[0]
        cached = [d for d in method.decorators if self._cache(d)]
        if len(cached) != 1 or self._cache_api_used(name):
            return None
        return [(method, _without_decorator(method, cached[0]))]

    def _cache_api_used(self, name: str) -> bool:
        """Whether the file reads an attribute of ``<x>.<name>`` (``self.table.cache_clear()``,
        ``.cache_info()``, ``.__wrapped__``): the plain method has none of them."""
        return contains(
            self.ctx.module,
            lambda n: (
                isinstance(n, cst.Attribute)
                and isinstance(n.value, cst.Attribute)
                and n.value.attr.value == name
            ),
        )

    def _cache(self, decorator: cst.Decorator) -> bool:
        target = decorator.decorator
        if isinstance(target, cst.Call):
            target = target.func
        return self.ctx.qualified_name(target) in CACHE_DECORATORS


def _without_decorator(method: cst.FunctionDef, dropped: cst.Decorator) -> cst.FunctionDef:
    """``method`` without ``dropped``; the comments above it and on its line move to what
    follows it (the next decorator or the ``def`` line)."""
    kept_lines = list(dropped.leading_lines)
    comment = dropped.trailing_whitespace.comment
    if comment is not None:
        kept_lines.append(cst.EmptyLine(indent=True, comment=comment))
    decorators = list(method.decorators)
    index = decorators.index(dropped)
    del decorators[index]
    if index < len(decorators):
        following = decorators[index]
        decorators[index] = following.with_changes(
            leading_lines=[*kept_lines, *following.leading_lines]
        )
        return method.with_changes(decorators=decorators)
    return method.with_changes(
        decorators=decorators,
        lines_after_decorators=[*kept_lines, *method.lines_after_decorators],
    )


# -- torch.utils.checkpoint.checkpoint in scripted code ----------------------------------------
CHECKPOINTS = frozenset(
    {"torch.utils.checkpoint.checkpoint", "torch.utils.checkpoint.checkpoint.checkpoint"}
)
# The keyword parameters of torch.utils.checkpoint.checkpoint itself in torch 2.13 (its
# signature, and ``preserve_rng_state`` it pops from ``**kwargs``); the rest go to ``fn``.
CHECKPOINT_OWN = frozenset(
    {"use_reentrant", "preserve_rng_state", "context_fn", "determinism_check", "debug"}
)


class CheckpointOutsideScript(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = (
        "call the function itself under TorchScript and `checkpoint` everywhere else "
        "(`torch.jit.is_scripting()`): the same forward output"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) not in CHECKPOINTS:
            return None
        if not call.args or any(a.star for a in call.args) or has_comments(call):
            return None
        function, *rest = call.args
        if function.keyword is not None or not plain_reference(function.value):
            return None
        passed = []
        reentrant_off = False
        for arg in rest:
            if arg.keyword is None:
                passed.append(self.code(arg.value).strip())
            elif arg.keyword.value in CHECKPOINT_OWN:
                if arg.keyword.value == "use_reentrant":
                    reentrant_off = isinstance(arg.value, cst.Name) and arg.value.value == "False"
            else:
                passed.append(f"{arg.keyword.value}={self.code(arg.value).strip()}")
        if not reentrant_off and any(
            a.keyword is not None and a.keyword.value not in CHECKPOINT_OWN for a in rest
        ):
            return None  # the reentrant mode raises on keyword arguments for fn
        torch = self.import_module("torch")
        original = self.code(call.with_changes(lpar=(), rpar=())).strip()
        text = (
            f"{self.code(function.value).strip()}({', '.join(passed)}) "
            f"if {torch}.jit.is_scripting() else {original}"
        )
        return [(call, expression_in_place(self, call, text))]


# -- self.state_dict()[key] in scripted code ---------------------------------------------------
class StateDictEntry(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "read the parameter or buffer by its attribute path (detached as state_dict gives it)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return None
        if call.func.attr.value != "state_dict" or not plain_reference(call.func.value):
            return None
        root = call.func.value
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or root.value != "self":
            return None
        keep_vars = False
        for arg in call.args:
            if arg.star or arg.keyword is None or arg.keyword.value != "keep_vars":
                return None
            if not isinstance(arg.value, cst.Name) or arg.value.value not in ("True", "False"):
                return None
            keep_vars = arg.value.value == "True"
        lookup = self.parent(call)
        if not isinstance(lookup, cst.Subscript) or lookup.value is not call:
            return None
        if len(lookup.slice) != 1 or not isinstance(lookup.slice[0].slice, cst.Index):
            return None
        key = lookup.slice[0].slice.value
        if not isinstance(key, cst.SimpleString) or "\\" in key.value:
            return None
        path = self._path(key.evaluated_value)
        if path is None:
            return None
        text = self.code(call.func.value).strip() + path + ("" if keep_vars else ".detach()")
        new = cst.parse_expression(text)
        if lookup.lpar:
            new = new.with_changes(lpar=lookup.lpar, rpar=lookup.rpar)
        return [(lookup, new)]

    @staticmethod
    def _path(key: object) -> Optional[str]:
        """``"layers.0.weight"`` -> ``.layers[0].weight``; None for what is no such path."""
        if not isinstance(key, str) or not key:
            return None
        parts = key.split(".")
        spelled = []
        for i, part in enumerate(parts):
            if part.isdigit() and i < len(parts) - 1 and part == str(int(part)):
                spelled.append(f"[{part}]")
            elif part.isidentifier() and part.isascii() and not keyword.iskeyword(part):
                spelled.append(f".{part}")
            else:
                return None
        return "".join(spelled)


# -- sum(... for m in self.modules) ------------------------------------------------------------
class SumOverModules(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "add the terms in a loop over the module container (Python's sum starts from 0)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != "builtins.sum":
            return None
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return None
        comp = call.args[0].value
        if not isinstance(comp, (cst.GeneratorExp, cst.ListComp)) or has_comments(call):
            return None
        loop = comp.for_in
        if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None:
            return None
        if not isinstance(loop.target, cst.Name) or self.kind(loop.iter) is not Kind.MODULES:
            return None
        if not plain_reference(loop.iter):
            return None
        if contains(comp.elt, lambda n: isinstance(n, (cst.NamedExpr, cst.Yield, cst.Await))):
            return None
        function = self.enclosing_function(call)
        if function is None:
            return None
        target = loop.target.value
        outside = [
            u for u in variable_uses(self, function, target) if comp not in self.ancestors(u)
        ]
        if outside:
            return None  # the loop's name would change a variable of the function
        total = fresh_name(self, call, "total", taken={target})
        element = self.code(comp.elt).strip()
        text = (
            f"{total} = 0\n"
            f"for {target} in {self.code(loop.iter).strip()}:\n"
            f"    {total} = {total} + {element}\n"
        )
        return _hoisted_loop(self, call, total, text)


# -- a nested def reading self -----------------------------------------------------------------
class MethodForClosure(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = "make the nested function a method of the class and call it on `self`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        nested = diagnostic.node
        if isinstance(nested, cst.Name):
            nested = self.parent(nested)
        if not isinstance(nested, cst.FunctionDef):
            return None
        outer = self.enclosing_function(nested)
        if outer is None or self.parent(self.parent(nested)) is not outer:
            return None  # a def at the top of the method's body only
        cls = _class_of_method(self, outer)
        params = outer.params.params
        if cls is None or outer.decorators or not params or params[0].name.value != "self":
            return None
        if nested.decorators or nested.asynchronous is not None or _has_scope_statements(nested):
            return None
        name = nested.name.value
        inner_params = nested.params
        own = [
            *inner_params.posonly_params,
            *inner_params.params,
            *inner_params.kwonly_params,
        ]
        if any(p.name.value == "self" for p in own):
            return None
        if any(p.default is not None and "self" in _reads(self, p.default) for p in own):
            return None  # a default computed from self when the def runs: no method default
        if (
            isinstance(inner_params.star_arg, cst.Param)
            and inner_params.star_arg.name.value == "self"
        ):
            return None
        if contains(
            nested,
            lambda n: (
                isinstance(n, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and n is not nested
            ),
        ):
            return None
        outer_bound = _bound_in(outer, skip=nested)
        reads = (_reads(self, nested.params) | _reads(self, nested.body)) - _bound_in(nested)
        if name in reads or (reads & outer_bound) != {"self"}:
            return None  # it closes over more than self (or over nothing: TL204's other fix)
        if any(
            isinstance(self.parent(u), cst.AssignTarget) for u in variable_uses(self, outer, "self")
        ):
            return None
        calls = []
        for use in variable_uses(self, outer, name):
            if use is nested.name:
                continue
            holder = self.parent(use)
            if not isinstance(holder, cst.Call) or holder.func is not use:
                return None
            calls.append(holder)
        if not calls:
            return None
        method_name = self._method_name(cls, name)
        method = nested.with_changes(
            name=cst.Name(method_name),
            params=inner_params.with_changes(
                params=[cst.Param(cst.Name("self")), *inner_params.params]
            )
            if not inner_params.posonly_params
            else inner_params.with_changes(
                posonly_params=[cst.Param(cst.Name("self")), *inner_params.posonly_params]
            ),
            leading_lines=[cst.EmptyLine(indent=False), *nested.leading_lines],
        )
        new_outer = outer.visit(_MoveOut(nested, calls, method_name))
        return [(outer, cst.FlattenSentinel([new_outer, method]))]

    @staticmethod
    def _method_name(cls: cst.ClassDef, name: str) -> str:
        return numbered(name if name.startswith("_") else f"_{name}", _class_names(cls))


class _MoveOut(cst.CSTTransformer):
    """Removes the nested def (and the blank lines it leaves at the top of the block) and
    turns its calls into calls of the method on ``self``."""

    def __init__(self, nested: cst.FunctionDef, calls: list[cst.Call], method: str) -> None:
        self.nested = nested
        self.calls = {id(c) for c in calls}
        self.method = method
        self.strip_next = False

    def on_visit(self, node: cst.CSTNode) -> bool:
        return node is not self.nested

    def on_leave(self, original: cst.CSTNode, updated: cst.CSTNode):  # type: ignore[override]
        if original is self.nested:
            return cst.RemovalSentinel.REMOVE
        if id(original) in self.calls:
            assert isinstance(updated, cst.Call)
            return updated.with_changes(
                func=cst.Attribute(value=cst.Name("self"), attr=cst.Name(self.method))
            )
        if isinstance(updated, cst.IndentedBlock) and isinstance(original, cst.IndentedBlock):
            if original.body and original.body[0] is self.nested and updated.body:
                first = updated.body[0]
                lines = list(first.leading_lines)
                while lines and lines[0].comment is None:
                    lines.pop(0)
                return updated.with_changes(
                    body=[first.with_changes(leading_lines=lines), *updated.body[1:]]
                )
        return updated


# -- functools.reduce in scripted code ---------------------------------------------------------
_OPERATORS = {
    "operator.add": "+",
    "operator.sub": "-",
    "operator.mul": "*",
    "operator.truediv": "/",
    "operator.floordiv": "//",
    "operator.mod": "%",
    "operator.pow": "**",
    "operator.matmul": "@",
    "operator.and_": "&",
    "operator.or_": "|",
    "operator.xor": "^",
    "operator.lshift": "<<",
    "operator.rshift": ">>",
}


class ReduceToLoop(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "reduce in a loop from the start value (`acc = f(acc, item)` for each item)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or self.ctx.qualified_name(call.func) != "functools.reduce"
        ):
            return None
        if len(call.args) != 3 or any(a.keyword is not None or a.star for a in call.args):
            return None
        if has_comments(call):
            return None
        function, items, start = (a.value for a in call.args)
        scope = self.enclosing_function(call)
        if scope is None:
            return None
        if isinstance(function, cst.Lambda):
            names = self._lambda_names(function, scope)
            if names is None:
                return None
            acc, item = names
            step = self.code(function.body).strip()
        else:
            if not plain_reference(function):
                return None
            acc = fresh_name(self, call, "acc")
            item = fresh_name(self, call, "item", taken={acc})
            operator = _OPERATORS.get(self.ctx.qualified_name(function) or "")
            if operator is not None:
                step = f"{acc} {operator} {item}"
            else:
                step = f"{self.code(function).strip()}({acc}, {item})"
        text = (
            f"{acc} = {self.code(start).strip()}\n"
            f"for {item} in {self.code(items).strip()}:\n"
            f"    {acc} = {step}\n"
        )
        return _hoisted_loop(self, call, acc, text)

    def _lambda_names(
        self, function: cst.Lambda, scope: cst.FunctionDef
    ) -> Optional[tuple[str, str]]:
        """The lambda's two parameters, as the loop's names: where the function spells them
        nowhere outside the lambda and the body is one the loop can hold."""
        params = function.params
        if len(params.params) != 2 or params.star_arg is not cst.MaybeSentinel.DEFAULT:
            return None
        if params.posonly_params or params.kwonly_params or params.star_kwarg is not None:
            return None
        if any(p.default is not None for p in params.params):
            return None
        if contains(
            function.body, lambda n: isinstance(n, (cst.Lambda, cst.NamedExpr, cst.BaseComp))
        ):
            return None
        acc, item = (p.name.value for p in params.params)
        for name in (acc, item):
            if any(function not in self.ancestors(u) for u in variable_uses(self, scope, name)):
                return None
        return acc, item


# -- a context manager chosen against contextlib.nullcontext() ---------------------------------
class NullContextBranches(Fixer):
    codes = ("TL206",)
    applicability = "safe"
    message = "branch on the condition: the block under the context manager, or as it is"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        item = diagnostic.node
        statement = self.parent(item)
        if not isinstance(item, cst.WithItem) or not isinstance(statement, cst.With):
            return None
        if len(statement.items) != 1 or item.asname is not None or statement.asynchronous:
            return None
        if not isinstance(statement.body, cst.IndentedBlock):
            return None
        chosen = item.item
        binding: Optional[cst.SimpleStatementLine] = None
        if isinstance(chosen, cst.Name):
            binding = self._binding(statement, chosen)
            if binding is None:
                return None
            chosen = binding.body[0].value  # type: ignore[union-attr]
        if not isinstance(chosen, cst.IfExp):
            return None
        if self._null(chosen.orelse):
            manager, under_test = chosen.body, True
        elif self._null(chosen.body):
            manager, under_test = chosen.orelse, False
        else:
            return None
        if contains(manager, lambda n: isinstance(n, cst.NamedExpr)):
            return None
        guarded = statement.with_changes(
            items=[cst.WithItem(item=manager.with_changes(lpar=(), rpar=()))],
            lpar=cst.MaybeSentinel.DEFAULT,
            rpar=cst.MaybeSentinel.DEFAULT,
            leading_lines=(),
        )
        plain = statement.body
        leading = list(statement.leading_lines)
        if binding is not None:
            comment = binding.trailing_whitespace.comment
            extra = [cst.EmptyLine(indent=True, comment=comment)] if comment else []
            leading = [*binding.leading_lines, *extra, *leading]
        branch = cst.If(
            test=chosen.test.with_changes(lpar=(), rpar=()),
            body=cst.IndentedBlock(body=[guarded]) if under_test else plain,
            orelse=cst.Else(body=plain if under_test else cst.IndentedBlock(body=[guarded])),
            leading_lines=leading,
        )
        replacements: list[Replacement] = [(statement, branch)]
        if binding is not None:
            replacements.append((binding, cst.RemovalSentinel.REMOVE))
        return replacements

    def _null(self, node: cst.BaseExpression) -> bool:
        return (
            isinstance(node, cst.Call)
            and not node.args
            and self.ctx.qualified_name(node.func) == "contextlib.nullcontext"
        )

    def _binding(self, statement: cst.With, name: cst.Name) -> Optional[cst.SimpleStatementLine]:
        """The line just before the ``with`` that binds ``name`` to a ternary, where the
        function reads the name nowhere else."""
        block = self.parent(statement)
        function = self.enclosing_function(statement)
        if not isinstance(block, cst.IndentedBlock) or function is None:
            return None
        index = next(i for i, s in enumerate(block.body) if s is statement)
        if index == 0:
            return None
        line = block.body[index - 1]
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        assign = line.body[0]
        if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
            return None
        target = assign.targets[0].target
        if not isinstance(target, cst.Name) or target.value != name.value:
            return None
        uses = variable_uses(self, function, name.value)
        if len(uses) != 2 or uses[0] is not target or uses[1] is not name:
            return None
        return line


# -- a repeated size list made a tensor --------------------------------------------------------
class RepeatedSizeToFull(Fixer):
    codes = ("TL108",)
    applicability = "unsafe"
    message = (
        "build it with `torch.full((n,), size)`, which torch.jit.trace records "
        "(the same int64 values; an empty one was float32)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) not in (
            "torch.tensor",
            "torch.as_tensor",
        ):
            return None
        if not call.args or call.args[0].keyword is not None or call.args[0].star:
            return None
        rest = call.args[1:]
        if any(
            a.star or a.keyword is None or a.keyword.value not in ("dtype", "device") for a in rest
        ):
            return None
        data = call.args[0].value
        if not isinstance(data, cst.BinaryOperation) or not isinstance(data.operator, cst.Multiply):
            return None
        if isinstance(data.left, cst.List):
            shown, count = data.left, data.right
        elif isinstance(data.right, cst.List):
            shown, count = data.right, data.left
        else:
            return None
        if len(shown.elements) != 1 or isinstance(shown.elements[0], cst.StarredElement):
            return None
        value = shown.elements[0].value
        if isinstance(count, cst.Integer) and count.evaluated_value == 0:
            return None
        ints = [traced_size(self, e) or isinstance(e, cst.Integer) for e in (value, count)]
        if not all(ints) or not (traced_size(self, value) or traced_size(self, count)):
            return None
        torch = self.import_module("torch")
        keywords = "".join(f", {self.code(a).strip().rstrip(',')}" for a in rest)

        def spelled(expr: cst.BaseExpression) -> str:
            return len_as_shape(self, expr.with_changes(lpar=(), rpar=()))

        text = f"{torch}.full(({spelled(count)},), {spelled(value)}{keywords})"
        return [(call, text)]


# -- a replacement of non-finite values made only when there are some -------------------------
class UnconditionalNanToNum(Fixer):
    codes = ("TL101",)
    applicability = "unsafe"
    message = (
        "replace the non-finite values unconditionally: `nan_to_num` leaves finite values "
        "as they are"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        statement = next(
            (
                a
                for a in [diagnostic.node, *self.ancestors(diagnostic.node)]
                if isinstance(a, cst.If)
            ),
            None,
        )
        if statement is None or statement.orelse is not None:
            return None
        if not isinstance(statement.body, cst.IndentedBlock) or len(statement.body.body) != 1:
            return None
        if not isinstance(self.parent(statement), (cst.IndentedBlock, cst.Module)):
            return None  # not an `elif`
        node = diagnostic.node
        if node is not statement.test and statement.test not in self.ancestors(node):
            return None
        tested = self._nonfinite_test(statement.test)
        if tested is None:
            return None
        line = statement.body.body[0]
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        if not self._replaces(line.body[0], tested):
            return None
        comments = list(statement.leading_lines)
        comment = statement.body.header.comment
        if comment is not None:
            comments.append(cst.EmptyLine(indent=True, comment=comment))
        return [(statement, line.with_changes(leading_lines=[*comments, *line.leading_lines]))]

    def _nonfinite_test(self, test: cst.BaseExpression) -> Optional[str]:
        """The tensor (a plain name) whose having a non-finite value ``test`` asks:
        ``not torch.isfinite(t).all()``, ``not t.isfinite().all()``, ``not
        torch.all(torch.isfinite(t))``, ``(~torch.isfinite(t)).any()``."""
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            inner = self._reduced(test.expression, "all")
            return self._finite_of(inner) if inner is not None else None
        inner = self._reduced(test, "any")
        if isinstance(inner, cst.UnaryOperation) and isinstance(inner.operator, cst.BitInvert):
            return self._finite_of(inner.expression)
        return None

    def _reduced(self, node: cst.BaseExpression, reduction: str) -> Optional[cst.BaseExpression]:
        """``x`` for ``x.all()`` / ``torch.all(x)`` (``any`` alike), called without a dim."""
        if not isinstance(node, cst.Call):
            return None
        if isinstance(node.func, cst.Attribute) and node.func.attr.value == reduction:
            if not node.args and self.ctx.qualified_name(node.func) != f"torch.{reduction}":
                return node.func.value
        if self.ctx.qualified_name(node.func) == f"torch.{reduction}" and len(node.args) == 1:
            if node.args[0].keyword is None and not node.args[0].star:
                return node.args[0].value
        return None

    def _finite_of(self, node: cst.BaseExpression) -> Optional[str]:
        if not isinstance(node, cst.Call):
            return None
        if self.ctx.qualified_name(node.func) == "torch.isfinite" and len(node.args) == 1:
            tensor = node.args[0].value if node.args[0].keyword is None else None
        elif isinstance(node.func, cst.Attribute) and node.func.attr.value == "isfinite":
            tensor = node.func.value if not node.args else None
        else:
            return None
        if not isinstance(tensor, cst.Name):
            return None  # (a tensor: torch.isfinite takes nothing else)
        return tensor.value

    def _replaces(self, small: cst.BaseSmallStatement, name: str) -> bool:
        """``t = torch.nan_to_num(t, ...)`` / ``t = t.nan_to_num(...)`` (or ``t.nan_to_num_(...)``
        alone): the same values where every one is finite."""
        if isinstance(small, cst.Expr):
            call = small.value
            return (
                isinstance(call, cst.Call)
                and isinstance(call.func, cst.Attribute)
                and call.func.attr.value == "nan_to_num_"
                and isinstance(call.func.value, cst.Name)
                and call.func.value.value == name
            )
        if not isinstance(small, cst.Assign) or len(small.targets) != 1:
            return False
        target, call = small.targets[0].target, small.value
        if (
            not isinstance(target, cst.Name)
            or target.value != name
            or not isinstance(call, cst.Call)
        ):
            return False
        if any(a.star for a in call.args):
            return False
        if self.ctx.qualified_name(call.func) == "torch.nan_to_num":
            first = call.args[0] if call.args else None
            return (
                first is not None
                and first.keyword is None
                and isinstance(first.value, cst.Name)
                and first.value.value == name
                and len(call.args) <= 4
                and all(a.keyword is None or a.keyword.value != "out" for a in call.args[1:])
            )
        return (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "nan_to_num"
            and isinstance(call.func.value, cst.Name)
            and call.func.value.value == name
        )


# -- super().method(...) of a parent class in the file -----------------------------------------
class ParentMethodCopy(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = (
        "call a copy of the parent's method, made a method of this class "
        "(`self._parent_forward(x)`): TorchScript has no `super()`"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return None
        zuper = call.func.value
        if not (
            isinstance(zuper, cst.Call)
            and isinstance(zuper.func, cst.Name)
            and zuper.func.value == "super"
            and not zuper.args
        ):
            return None
        method = self.enclosing_function(call)
        if method is None or method.decorators or self.enclosing_function(method) is not None:
            return None
        cls = _class_of_method(self, method)
        if cls is None or not method.params.params or method.params.params[0].name.value != "self":
            return None
        name = call.func.attr.value
        found = self._parent_method(cls, name)
        if found is None:
            return None
        copy_name = self._copy_name(cls, found[0], name)
        return self._with_copy(method, found, name, copy_name, _CallCopy(call, copy_name))

    def _with_copy(
        self,
        method: cst.FunctionDef,
        found: tuple[cst.ClassDef, cst.FunctionDef],
        name: str,
        copy_name: str,
        calls: cst.CSTTransformer,
    ) -> list[Replacement]:
        """``method`` with its calls rewritten by ``calls``, followed by the parent's method
        ``found`` copied under ``copy_name`` (a comment says whose copy it is)."""
        parent, original = found
        copy = original.with_changes(
            name=cst.Name(copy_name),
            leading_lines=[
                cst.EmptyLine(indent=False),
                cst.EmptyLine(
                    indent=True,
                    comment=cst.Comment(f"# {parent.name.value}.{name}, for TorchScript"),
                ),
            ],
        )
        return [(method, cst.FlattenSentinel([method.visit(calls), copy]))]

    def _parent_method(
        self, cls: cst.ClassDef, name: str
    ) -> Optional[tuple[cst.ClassDef, cst.FunctionDef]]:
        """The class ``super()`` of ``cls`` finds ``name`` on, and its ``def``: up a chain of
        classes of this file with one base each, the first defining ``name`` as a plain
        method (no decorator, ``self`` first, no ``super()``, ``__class__`` or private
        ``__name`` that would mean something else in another class)."""
        current = cls
        seen: set[str] = set()
        while True:
            if len(current.bases) != 1 or current.keywords:
                return None
            base = current.bases[0].value
            if not isinstance(base, cst.Name) or base.value in seen:
                return None
            seen.add(base.value)
            parent = next(
                (
                    s
                    for s in self.ctx.module.body
                    if isinstance(s, cst.ClassDef) and s.name.value == base.value
                ),
                None,
            )
            if parent is None or not isinstance(parent.body, cst.IndentedBlock):
                return None
            defined = [s for s in parent.body.body if _binds(s, name)]
            if not defined:
                current = parent
                continue
            if len(defined) != 1 or not isinstance(defined[0], cst.FunctionDef):
                return None
            original = defined[0]
            params = original.params.params
            if original.decorators or original.asynchronous is not None:
                return None
            if not params or params[0].name.value != "self":
                return None
            if contains(original, lambda n: isinstance(n, cst.Name) and _special(n.value)):
                return None
            class_scope = {n for s in parent.body.body for n in _class_level_names(s)}
            signature = original.params
            header = [
                part
                for param in (
                    *signature.posonly_params,
                    *signature.params,
                    *signature.kwonly_params,
                    *[
                        p
                        for p in (signature.star_arg, signature.star_kwarg)
                        if isinstance(p, cst.Param)
                    ],
                )
                for part in (param.default, param.annotation)
                if part is not None
            ]
            if original.returns is not None:
                header.append(original.returns)
            if any(n.value in class_scope for h in header for n in names_in(h)):
                return None  # a default or annotation read in the parent's class body
            return parent, original

    def _copy_name(self, cls: cst.ClassDef, parent: cst.ClassDef, name: str) -> str:
        base = f"_{parent.name.value.lower()}_{name.strip('_')}"
        return numbered(base, _class_names(cls) | _class_names(parent))


def _binds(statement: cst.BaseStatement, name: str) -> bool:
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
        return statement.name.value == name
    if isinstance(statement, cst.SimpleStatementLine):
        return any(
            isinstance(n, cst.Name) and n.value == name
            for small in statement.body
            if isinstance(small, (cst.Assign, cst.AnnAssign, cst.AugAssign))
            for n in names_in(small)
        )
    return False


def _class_level_names(statement: cst.BaseStatement) -> set[str]:
    """Names a statement of a class body binds in the class's scope."""
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
        return {statement.name.value}
    found: set[str] = set()
    if isinstance(statement, cst.SimpleStatementLine):
        for small in statement.body:
            if isinstance(small, cst.Assign):
                for target in small.targets:
                    found |= {n.value for n in names_in(target.target)}
            elif isinstance(small, (cst.AnnAssign, cst.AugAssign)):
                found |= {n.value for n in names_in(small.target)}
    return found


def _special(name: str) -> bool:
    """``super`` and ``__class__`` (bound by the class the method is in), and private
    ``__name`` (mangled by it)."""
    if name in ("super", "__class__"):
        return True
    return name.startswith("__") and not name.endswith("__")


class _CallCopy(cst.CSTTransformer):
    def __init__(self, call: cst.Call, copy: str) -> None:
        self.call = call
        self.copy = copy

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        if original is self.call:
            return updated.with_changes(
                func=cst.Attribute(value=cst.Name("self"), attr=cst.Name(self.copy))
            )
        return updated


# -- a slice one wide between tensor bounds ----------------------------------------------------
class WidthOneSliceToIndexSelect(Fixer):
    codes = ("TL102",)
    applicability = "unsafe"
    message = (
        "select the one position with `index_select` and the bound kept a tensor "
        "(an out-of-range bound, an empty slice before, now raises)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        bound = next((a for a in self.ancestors(node) if isinstance(a, cst.Slice)), None)
        if bound is None:
            return None
        element = self.parent(bound)
        subscript = self.parent(element)
        if not isinstance(element, cst.SubscriptElement) or not isinstance(
            subscript, cst.Subscript
        ):
            return None
        if stored_subscript(self, subscript):
            return None  # ``x[k : k + 1] = v``: a call cannot be assigned to
        if bound.step is not None or bound.lower is None or bound.upper is None:
            return None
        if node is not bound.lower and node is not bound.upper:
            return None
        lower = self._one_below(bound.lower, bound.upper)
        if lower is None or self.kind(lower) is not Kind.TENSOR:
            return None
        dim = self._dim(subscript, element)
        if dim is None or self.kind(subscript.value) is not Kind.TENSOR:
            return None
        if (
            has_comments(subscript)
            or not plain_reference(subscript.value)
            and contains(subscript.value, lambda n: isinstance(n, cst.NamedExpr))
        ):
            return None
        index = self.code(lower.with_changes(lpar=(), rpar=())).strip()
        if not isinstance(lower, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
            index = f"({index})"
        text = f"{self.code(subscript.value).strip()}.index_select({dim}, {index}.reshape(1))"
        return [(subscript, expression_in_place(self, subscript, text))]

    def _one_below(
        self, lower: cst.BaseExpression, upper: cst.BaseExpression
    ) -> Optional[cst.BaseExpression]:
        """``lower`` where the slice is ``k - 1 : k`` or ``i : i + 1`` (spelled the same)."""
        same = self._same
        if (
            isinstance(lower, cst.BinaryOperation)
            and isinstance(lower.operator, cst.Subtract)
            and _is_one(lower.right)
            and same(lower.left, upper)
        ):
            return lower
        if (
            isinstance(upper, cst.BinaryOperation)
            and isinstance(upper.operator, cst.Add)
            and _is_one(upper.right)
            and same(upper.left, lower)
        ):
            return lower
        return None

    def _same(self, a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
        return plain_reference(a) and self.code(a).strip() == self.code(b).strip()

    @staticmethod
    def _dim(subscript: cst.Subscript, element: cst.SubscriptElement) -> Optional[int]:
        """The dimension the slice takes: counted from the front after full ``:`` slices, or
        from the back after ``...`` with full slices behind it."""
        elements = list(subscript.slice)
        position = elements.index(element)
        before, after = elements[:position], elements[position + 1 :]

        def full(e: cst.SubscriptElement) -> bool:
            s = e.slice
            return (
                isinstance(s, cst.Slice) and s.lower is None and s.upper is None and s.step is None
            )

        def ellipsis(e: cst.SubscriptElement) -> bool:
            return isinstance(e.slice, cst.Index) and isinstance(e.slice.value, cst.Ellipsis)

        if before and ellipsis(before[0]) and all(full(e) for e in before[1:]) and not before[1:]:
            if all(full(e) for e in after):
                return -1 - len(after)
            return None
        if all(full(e) for e in before):
            return len(before)
        return None


def _is_one(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Integer) and node.value == "1"


# -- round(...) / str.format(...) of settings, computed once in __init__ ------------------------
_NUMBER_TYPES = frozenset({"int", "float", "str", "bool"})
_ARITHMETIC = (
    cst.Add,
    cst.Subtract,
    cst.Multiply,
    cst.Divide,
    cst.FloorDivide,
    cst.Modulo,
    cst.Power,
)


class SettingAtInit(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = (
        "compute the value once in `__init__`, after the settings it reads "
        "(`self.base_temp_round = round(...)`), and read the attribute"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or has_comments(call):
            return None
        kind = self._kind(call)
        if kind is None:
            return None
        function = self.enclosing_function(call)
        cls = _enclosing_class(self, call)
        if function is None or cls is None or function.name.value == "__init__":
            return None
        init = next((m for m in _methods(cls) if m.name.value == "__init__"), None)
        if init is None or not isinstance(init.body, cst.IndentedBlock):
            return None
        attrs: list[str] = []
        if (
            not all(not a.star and self._of_settings(a.value, attrs) for a in call.args)
            or not attrs
        ):
            return None
        lines = [_init_line(cls, attr) for attr in attrs]
        order = list(init.body.body)
        if any(line is None or line not in order for line in lines):
            return None
        if not all(self._number_setting(init, line) for line in lines):  # type: ignore[arg-type]
            return None
        last = max(lines, key=lambda line: order.index(line))  # type: ignore[arg-type]
        name = numbered(f"{attrs[0]}_{kind}", _class_names(cls))
        stored = cst.parse_statement(f"self.{name} = {self.code(call).strip()}\n")
        return [
            (last, cst.FlattenSentinel([last, stored])),  # type: ignore[list-item]
            (
                call,
                cst.parse_expression(f"self.{name}").with_changes(lpar=call.lpar, rpar=call.rpar),
            ),
        ]

    def _kind(self, call: cst.Call) -> Optional[str]:
        """``round`` for ``round(x, n)``, ``format`` for ``"...".format(...)``; None else."""
        if self.ctx.qualified_name(call.func) == "builtins.round":
            return "round"
        func = call.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "format"
            and isinstance(func.value, (cst.SimpleString, cst.ConcatenatedString))
        ):
            return "format"
        return None

    def _of_settings(self, node: cst.BaseExpression, attrs: list[str]) -> bool:
        """Only ``self.<attr>`` reads, number and string literals, and arithmetic of them."""
        if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if (
            isinstance(node, cst.Attribute)
            and isinstance(node.value, cst.Name)
            and node.value.value == "self"
        ):
            attrs.append(node.attr.value)
            return True
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
            return self._of_settings(node.expression, attrs)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, _ARITHMETIC):
            return self._of_settings(node.left, attrs) and self._of_settings(node.right, attrs)
        return False

    def _number_setting(self, init: cst.FunctionDef, line: cst.SimpleStatementLine) -> bool:
        """The ``__init__`` line binds a number or a string: a literal, or a parameter of
        ``__init__`` annotated ``int`` / ``float`` / ``str`` / ``bool`` (or unannotated with
        such a literal default), or arithmetic of those (no tensor, no module: a value that
        training or a device move could change)."""
        value = line.body[0].value  # type: ignore[union-attr]
        return self._number_value(init, value)

    def _number_value(self, init: cst.FunctionDef, value: cst.BaseExpression) -> bool:
        if isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
            return self._number_value(init, value.expression)
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, _ARITHMETIC):
            return self._number_value(init, value.left) and self._number_value(init, value.right)
        if not isinstance(value, cst.Name):
            return False
        params = [*init.params.params, *init.params.kwonly_params]
        param = next((p for p in params if p.name.value == value.value), None)
        if param is None:
            return False
        for use in variable_uses(self, init, value.value):
            holder = self.parent(use)
            if isinstance(holder, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For)):
                return False  # rebound in __init__
        if param.annotation is not None:
            annotation = param.annotation.annotation
            return isinstance(annotation, cst.Name) and annotation.value in _NUMBER_TYPES
        return param.default is not None and isinstance(
            param.default, (cst.Integer, cst.Float, cst.SimpleString)
        )
