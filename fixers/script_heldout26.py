"""Rewrites for script findings from the heldout26 probe batch (issue #23).

``ListTargetToTuple`` (TL204, safe): a list display as a store target (``[h, w] =
x.shape[-2:]``, ``for [a, b] in pairs:``) -> the same names as a tuple (``h, w = ...``; in
parentheses where the display spans lines, sits inside another target or holds one name:
``(c,) = ...``). Python unpacks a
list target and a tuple target alike (any iterable, the same errors); TorchScript unpacks into
names and tuples only (torch 2.13: unexpected expression on left-hand side of assignment) and
unpacks a ``List[int]`` shape into a tuple of names (checked: scripts, equals eager).

``ComprehensionLoopNameRenamed`` (TL223, safe): ``[1.0 / x for x in self.hops]`` in a
function whose parameter ``x`` TorchScript types Tensor -> ``[1.0 / x_item for x_item in
self.hops]``. Python 3 gives a comprehension its own scope, so its loop name never was the
parameter; TorchScript binds it in the function's scope (torch 2.13: Variable 'x' previously
had type Tensor). The new name is one the function and the module do not spell; the first
iterable (evaluated in the function's scope) keeps its names. Only where the comprehension
holds no lambda, ``:=`` or nested function (which could read the name by keyword).

``MaxOfStarredList`` (TL204, unsafe): ``max(*xs)`` / ``min(*xs)`` (the one argument) ->
``max(xs)``. For two or more items both give the largest; TorchScript has ``max`` / ``min``
of a ``List[int]`` / ``List[float]`` but cannot size a ``*`` unpacking (checked on torch
2.13: scripts, equals eager). Unsafe: for one item ``max(*[5])`` raised TypeError (and
``max(*[[1, 2]])`` gave 2), where ``max(xs)`` gives the item.

``DebugBlockOfAsserts`` (TL207, safe): ``if __debug__:`` whose block holds only ``assert``
statements (no ``else``) -> the asserts alone. TorchScript cannot read ``__debug__`` (torch
2.13: python value of type 'bool' cannot be used as a value) and compiles the asserts. Python
strips both the ``if __debug__:`` block and every assert under ``-O`` and runs the asserts
otherwise: the same in both modes, and in trace, torch.compile and export.

``ClassModuleOnInstance`` (TL216, unsafe): ``act = nn.SiLU()`` in the class body, read as
``self.act`` in scripted code -> ``self.act = self.act`` after ``super().__init__()``:
``nn.Module.__setattr__`` registers the shared object as a submodule, which TorchScript
compiles (checked on torch 2.13: scripts, equals eager). Every instance still reads the same
object (the class attribute is found first). Only for a call of a ``torch.nn`` class bound
once in the class body of a class whose ``__init__`` calls ``super().__init__()`` at its top
level and that stores no ``self.act`` otherwise. Unsafe: the module is now a child:
``children()``, ``state_dict()`` (where it holds parameters or buffers), ``repr`` and
``.to()`` / ``.half()`` reach it (moving the object every instance shares).

``ShapeIsinstanceDecided`` (TL224, safe): ``isinstance(size, tuple)`` of a shape (a
``torch.Size``, a tuple) -> the eager answer: the ``if`` it tests is replaced by the branch
eager takes, a ternary by the value eager picks (``True`` / ``False`` in place of the call where
the test is neither, or dropping the other branch would drop a comment). TorchScript types a shape
``List[int]`` and decides the test the other way when it compiles (torch 2.13; for
``torch.Size``: Unknown type name). Safe: eager always got that answer for a tensor's shape.

``ReturnTupleAnnotation`` (TL211, safe): ``-> Tensor`` on a function every ``return`` of which
is a tuple display of N tensors -> ``-> Tuple[Tensor, ...]`` (N times, the annotation's own
spelling; ``from typing import Tuple``). TorchScript checks the returned type against the
annotation (torch 2.13: Return value was annotated as having type Tensor but is actually of
type Tuple[Tensor, Tensor]); Python does not evaluate a return annotation when it runs the
function, and no back-end reads it but TorchScript.

``TensorContainsToAny`` (TL215, safe) / ``TensorContainsToAnyUnsafe`` (TL215, unsafe): ``v in
t`` of a tensor ``t`` -> ``(t == v).any()`` as the test of an ``if`` (``not (t == v).any()``
for ``not in``), ``bool((t == v).any())`` elsewhere.
``Tensor.__contains__`` returns ``bool((v == t).any().item())`` for a number or a tensor; the
rewrite is the same truth value, and TorchScript compiles it (torch 2.13: its ``in`` takes no
tensor). Safe where ``v`` is a number literal or a size; unsafe where ``v`` is another name or
attribute: ``in`` raised for a list or a str, which the comparison broadcasts or answers.

``InlineLenDunder`` (TL209, unsafe): ``len(self)`` of a module whose class (this file) defines
``__len__`` as ``return len(self.X)`` of a module container / list display bound once, in
``__init__`` -> ``len(self.X)``. TorchScript compiles no ``__len__`` that is not exported
(torch 2.13: object has no attribute or method '__len__') and takes ``len`` of a
``ModuleList`` / ``Sequential`` / list (checked: scripts, equals eager). Python's ``len(self)``
calls the class's ``__len__``, which returns that value. Unsafe: a subclass overriding
``__len__`` is no longer asked. (``@torch.jit.export`` on ``__len__`` also scripts, but the
migration rule TL508 flags the decorator it would add.)

``QueryThroughPython`` (TL209, unsafe): ``torch.is_inference_mode_enabled()`` (a no-argument
``torch`` query TorchScript lacks: Unknown builtin op) -> ``_is_inference_mode_enabled()``,
an ``@torch.jit.ignore`` function added before the statement, as ``CudaQueryThroughPython``
(fixers/script_heldout19.py) does for the CUDA queries. Unsafe: the scripted model calls
Python, so ``torch.jit.save`` refuses it.

Left alone: ``torch.func.vmap(f)(x)`` (TL209: TorchScript has no batching transform and the
function vmap wraps is arbitrary; a loop over the batch changes what eager computes for
functions that are not per-sample), a lazy module (TL321: the input size is not in the source;
running the model once before converting is the user's step), ``weights: List[float] = [1, 2,
4]`` and ``sys.float_info.epsilon`` (no finding yet: the rules do not flag them).
"""

from __future__ import annotations

import re
from typing import Optional, Union

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_assignments
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import (
    contains,
    fresh_name,
    names_in,
    plain_reference,
    self_attribute_of_class,
    variable_uses,
)
from ._tensor_exprs import has_comments
from .script_class_attribute_final import bind_on_instance, class_body_values
from .script_heldout19 import CudaQueryThroughPython


# -- [h, w] = ... ------------------------------------------------------------------------------
class ListTargetToTuple(Fixer):
    codes = ("TL204",)
    applicability = "safe"
    message = "write the target names as a tuple (`h, w = ...`), which TorchScript unpacks"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.List) or not diagnostic.message.startswith("list display"):
            return None
        if not node.elements:
            return None
        elements = list(node.elements)
        last = elements[-1]
        if len(elements) == 1 and not isinstance(last.comma, cst.Comma):
            elements[-1] = last.with_changes(comma=cst.Comma())
        parent = self.parent(node)
        bare = "\n" not in self.code(node) and (
            (isinstance(parent, cst.AssignTarget) and parent.target is node)
            or (isinstance(parent, (cst.For, cst.CompFor)) and parent.target is node)
        )
        if bare and len(node.elements) > 1:
            return [(node, cst.Tuple(elements=elements, lpar=[], rpar=[]))]
        return [
            (
                node,
                cst.Tuple(
                    elements=elements,
                    lpar=[cst.LeftParen(whitespace_after=node.lbracket.whitespace_after)],
                    rpar=[cst.RightParen(whitespace_before=node.rbracket.whitespace_before)],
                ),
            )
        ]


# -- [1.0 / x for x in self.hops] with a parameter x ---------------------------------------------
class ComprehensionLoopNameRenamed(Fixer):
    codes = ("TL223",)
    applicability = "safe"
    message = "rename the comprehension's loop name (Python gives the comprehension its own scope)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        target = diagnostic.node
        if not isinstance(target, cst.Name):
            return None
        if not diagnostic.message.startswith("the comprehension's loop name"):
            return None
        comp = self.parent(target)
        if not isinstance(comp, cst.CompFor) or comp.target is not target:
            return None
        owner = self.parent(comp)
        if not isinstance(owner, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
            return None
        if owner.for_in is not comp or comp.asynchronous is not None:
            return None
        if contains(
            owner,
            lambda n: isinstance(n, (cst.Lambda, cst.NamedExpr, cst.FunctionDef, cst.ClassDef)),
        ):
            return None
        name = target.value
        new = fresh_name(self, owner, f"{name}_item")
        outer = {id(n) for n in names_in(comp.iter)}  # read in the function's scope
        uses = [u for u in variable_uses(self, owner, name) if id(u) not in outer]
        return [(u, u.with_changes(value=new)) for u in uses]


# -- max(*xs) -----------------------------------------------------------------------------------
class MaxOfStarredList(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = (
        "pass the list itself: `max(xs)` (unsafe: for one item `max(*xs)` raised or gave the "
        "item's largest element)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        arg = diagnostic.node
        if not isinstance(arg, cst.Arg) or arg.star != "*":
            return None
        call = self.parent(arg)
        if not isinstance(call, cst.Call) or len(call.args) != 1 or call.args[0] is not arg:
            return None
        if self.ctx.qualified_name(call.func) not in ("builtins.max", "builtins.min"):
            return None
        return [(arg, arg.with_changes(star="", whitespace_after_star=cst.SimpleWhitespace("")))]


# -- if __debug__: assert ... --------------------------------------------------------------------
class DebugBlockOfAsserts(Fixer):
    codes = ("TL207",)
    applicability = "safe"
    message = "drop `if __debug__:` around the asserts (Python strips asserts under -O itself)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Name) or node.value != "__debug__":
            return None
        branch = self.parent(node)
        if not isinstance(branch, cst.If) or branch.test is not node or branch.orelse is not None:
            return None
        holder = self.parent(branch)
        if not isinstance(holder, cst.IndentedBlock) or not isinstance(
            branch.body, cst.IndentedBlock
        ):
            return None  # an elif, or a module-level block
        body = branch.body
        if body.header.comment is not None or body.footer:
            return None
        lines = list(body.body)
        if not lines or not all(
            isinstance(line, cst.SimpleStatementLine)
            and all(isinstance(small, cst.Assert) for small in line.body)
            for line in lines
        ):
            return None
        first = lines[0]
        lines[0] = first.with_changes(leading_lines=[*branch.leading_lines, *first.leading_lines])
        return [(branch, cst.FlattenSentinel(lines))]


# -- act = nn.SiLU() in the class body ------------------------------------------------------------
class ClassModuleOnInstance(Fixer):
    codes = ("TL216",)
    applicability = "unsafe"
    message = (
        "register the class-body module on the instance (`self.act = self.act` in `__init__`; "
        "unsafe: it becomes a child module)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "which holds a module built in the class body" not in diagnostic.message:
            return None
        found = self_attribute_of_class(self, diagnostic.node)
        if found is None or not isinstance(found[1].body, cst.IndentedBlock):
            return None
        attr, cls = found
        values = class_body_values(cls, attr)
        if len(values) != 1 or not isinstance(values[0], cst.Call):
            return None
        qualified = self.ctx.qualified_name(values[0].func) or ""
        if not qualified.startswith("torch.nn."):
            return None
        return bind_on_instance(cls, attr)


# -- isinstance(shape, tuple) ---------------------------------------------------------------------
_CLASS_ANSWERS = {"builtins.tuple": True, "torch.Size": True, "builtins.list": False}


class ShapeIsinstanceDecided(Fixer):
    codes = ("TL224",)
    applicability = "safe"
    message = "keep the branch eager takes: a shape is always a `torch.Size` (a tuple)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 2:
            return None
        if self.ctx.qualified_name(call.func) != "builtins.isinstance":
            return None
        classes = call.args[1].value
        named = [e.value for e in classes.elements] if isinstance(classes, cst.Tuple) else [classes]
        answers = [_CLASS_ANSWERS.get(self.ctx.qualified_name(n) or "") for n in named]
        if not answers or None in answers:
            return None
        answer = any(answers)
        branch = self.parent(call)
        if isinstance(branch, cst.If) and branch.test is call:
            flattened = self._taken(branch, answer)
            if flattened is not None:
                return [(branch, flattened)]
        if isinstance(branch, cst.IfExp) and branch.test is call and not has_comments(branch):
            kept = branch.body if answer else branch.orelse
            return [(branch, kept.with_changes(lpar=branch.lpar, rpar=branch.rpar))]
        return [(call, cst.Name("True" if answer else "False"))]

    def _taken(
        self, branch: cst.If, answer: bool
    ) -> Optional[Union[cst.FlattenSentinel, cst.RemovalSentinel, cst.If]]:
        """The statements that replace the ``if`` (the branch eager takes); None where that
        would drop a comment, an ``elif`` would lose its chain, or a block be left empty."""
        holder = self.parent(branch)
        if not isinstance(holder, cst.IndentedBlock) or not isinstance(
            branch.body, cst.IndentedBlock
        ):
            return None
        if branch.body.header.comment is not None or branch.body.footer:
            return None
        orelse = branch.orelse
        if answer:
            if orelse is not None and has_comments(orelse):
                return None
            kept: list[cst.BaseStatement] = list(branch.body.body)
        else:
            if has_comments(branch.body):
                return None
            if orelse is None:
                if len(holder.body) == 1:
                    return None
                if branch.leading_lines and any(
                    line.comment is not None for line in branch.leading_lines
                ):
                    return None
                return cst.RemovalSentinel.REMOVE
            if isinstance(orelse, cst.If):
                return orelse.with_changes(leading_lines=branch.leading_lines)
            if not isinstance(orelse.body, cst.IndentedBlock) or orelse.body.header.comment:
                return None
            if orelse.body.footer or any(line.comment for line in orelse.leading_lines):
                return None
            kept = list(orelse.body.body)
        first = kept[0]
        kept[0] = first.with_changes(leading_lines=[*branch.leading_lines, *first.leading_lines])
        return cst.FlattenSentinel(kept)


# -- -> Tensor on a function returning a tuple -----------------------------------------------------
_TUPLE_RETURN = re.compile(r"^returns a tuple of (\d+) but the function is annotated `-> ")
TENSOR_ANNOTATIONS = frozenset({"torch.Tensor"})


def _returns(function: cst.FunctionDef) -> list[cst.Return]:
    """The ``return`` statements of ``function`` itself (not of nested functions / classes)."""
    found: list[cst.Return] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and node is not function:
            return False
        if isinstance(node, cst.Return):
            found.append(node)
        return None

    walk(function, enter, lambda node: None)
    return found


class ReturnTupleAnnotation(Fixer):
    codes = ("TL211",)
    applicability = "safe"
    message = "annotate the tuple the function returns (`-> Tuple[Tensor, Tensor]`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _TUPLE_RETURN.match(diagnostic.message)
        node = diagnostic.node
        if found is None or not isinstance(node, cst.Return):
            return None
        size = int(found.group(1))
        function = self.enclosing_function(node)
        if function is None or function.returns is None:
            return None
        if function.asynchronous is not None or any(
            isinstance(n, (cst.Yield, cst.Await)) for n in _nodes(function.body)
        ):
            return None
        annotation = function.returns.annotation
        if self.ctx.qualified_name(annotation) not in TENSOR_ANNOTATIONS:
            return None
        returns = _returns(function)
        for ret in returns:
            value = ret.value
            if not isinstance(value, cst.Tuple) or len(value.elements) != size:
                return None
            for element in value.elements:
                if isinstance(element, cst.StarredElement):
                    return None
                if self.kind(element.value) != Kind.TENSOR:
                    return None
        spelled = self.code(annotation)
        tuple_name = self.import_from("typing", "Tuple")
        new = cst.parse_expression(f"{tuple_name}[{', '.join([spelled] * size)}]")
        return [(annotation, new)]


def _nodes(root: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return False
        found.append(node)
        return None

    walk(root, enter, lambda node: None)
    return found


# -- v in tensor -----------------------------------------------------------------------------------
def _number_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float))


class TensorContainsToAny(Fixer):
    codes = ("TL215",)
    applicability = "safe"
    message = "test `(t == v).any()`, what `v in t` computes for a number"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        comparison = diagnostic.node
        if not isinstance(comparison, cst.Comparison) or len(comparison.comparisons) != 1:
            return None
        if not diagnostic.message.startswith("`in` / `not in` of a tensor"):
            return None
        target = comparison.comparisons[0]
        negated = isinstance(target.operator, cst.NotIn)
        if not negated and not isinstance(target.operator, cst.In):
            return None
        item, tensor = comparison.left, target.comparator
        if not plain_reference(tensor) or self.kind(tensor) != Kind.TENSOR:
            return None
        if not self.accepts(item):
            return None
        if comparison.lpar or has_comments(comparison):
            return None
        any_call = f"({self.code(tensor)} == {self.code(item)}).any()"
        parent = self.parent(comparison)
        tested = isinstance(parent, cst.If) and parent.test is comparison
        if tested:
            text = f"not {any_call}" if negated else any_call
        else:
            text = f"not bool({any_call})" if negated else f"bool({any_call})"
            if negated and not isinstance(parent, (cst.AssignTarget, cst.Assign, cst.Return)):
                text = f"({text})"
        return [(comparison, text)]

    def accepts(self, item: cst.BaseExpression) -> bool:
        return _number_literal(item) or (plain_reference(item) and self.kind(item) == Kind.SIZE)


class TensorContainsToAnyUnsafe(TensorContainsToAny):
    applicability = "unsafe"
    message = (
        "test `(t == v).any()`, what `v in t` computes for a number or a tensor (unsafe: for "
        "a list or a str `in` raised)"
    )

    def accepts(self, item: cst.BaseExpression) -> bool:
        return plain_reference(item) and not super().accepts(item)


# -- len(self) -------------------------------------------------------------------------------------
_CONTAINERS = frozenset({"torch.nn.ModuleList", "torch.nn.Sequential", "torch.nn.ModuleDict"})


class InlineLenDunder(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = (
        "count what `__len__` counts (`len(self.layers)`; unsafe: a subclass overriding "
        "`__len__` is no longer asked)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not diagnostic.message.startswith("`len(self)` of the module itself"):
            return None
        if not isinstance(call, cst.Call) or len(call.args) != 1:
            return None
        receiver = call.args[0].value
        if not isinstance(receiver, cst.Name) or receiver.value != "self":
            return None
        cls = next((a for a in self.ancestors(call) if isinstance(a, cst.ClassDef)), None)
        if cls is None or not isinstance(cls.body, cst.IndentedBlock):
            return None
        methods = {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}
        dunder, init = methods.get("__len__"), methods.get("__init__")
        if dunder is None or init is None or dunder.decorators:
            return None
        attr = _len_of_self_attribute(dunder)
        if attr is None:
            return None
        bound = [v for m in methods.values() for v in self_assignments(m, attr)]
        if len(bound) != 1 or not self_assignments(init, attr) or bound[0] is None:
            return None
        value = bound[0]
        if not isinstance(value, (cst.List, cst.Call)):
            return None
        if isinstance(value, cst.Call) and self.ctx.qualified_name(value.func) not in _CONTAINERS:
            return None
        return [(receiver, cst.Attribute(value=receiver, attr=cst.Name(attr)))]


def _len_of_self_attribute(dunder: cst.FunctionDef) -> Optional[str]:
    """``X`` where ``__len__(self)`` is ``return len(self.X)`` alone."""
    params = dunder.params
    if len(params.params) != 1 or params.posonly_params or params.kwonly_params:
        return None
    if isinstance(params.star_arg, (cst.Param, cst.ParamStar)) or params.star_kwarg:
        return None
    if not isinstance(dunder.body, cst.IndentedBlock) or len(dunder.body.body) != 1:
        return None
    line = dunder.body.body[0]
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return None
    small = line.body[0]
    value = small.value if isinstance(small, cst.Return) else None
    if not (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Name)
        and value.func.value == "len"
        and len(value.args) == 1
        and not value.args[0].star
        and value.args[0].keyword is None
    ):
        return None
    target = value.args[0].value
    if (
        isinstance(target, cst.Attribute)
        and isinstance(target.value, cst.Name)
        and target.value.value == params.params[0].name.value
    ):
        return target.attr.value
    return None


# -- torch.is_inference_mode_enabled() ---------------------------------------------------------------
QUERIES = {"torch.is_inference_mode_enabled": "bool"}


class QueryThroughPython(CudaQueryThroughPython):
    """The same move for torch's other state queries TorchScript cannot bind."""

    codes = ("TL209",)
    applicability = "unsafe"
    message = "ask torch through an `@torch.jit.ignore` function, which TorchScript leaves Python"
    queries = QUERIES


class ClassTensorOnInstance(Fixer):
    """``MEAN = torch.tensor([...]).view(1, 3, 1, 1)`` in the class body, read as ``self.MEAN``
    in scripted code -> ``self.MEAN = self.MEAN`` after ``super().__init__()`` (unsafe):
    TorchScript types a module from its instance attributes, where the tensor now is too (a
    tensor attribute, no buffer: ``state_dict`` and ``.to()`` treat it as before). Unsafe as
    ``ClassContainerOnInstance``: every instance holds the same tensor as before, but a later
    rebinding of the class attribute no longer reaches existing instances, and
    ``copy.deepcopy`` copies it per instance."""

    codes = ("TL216",)
    applicability = "unsafe"
    message = "bind the class-body tensor on the instance in `__init__` (`self.MEAN = self.MEAN`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "a tensor built in the class body" not in diagnostic.message:
            return None
        found = self_attribute_of_class(self, diagnostic.node)
        if found is None or not isinstance(found[1].body, cst.IndentedBlock):
            return None
        attr, cls = found
        if len(class_body_values(cls, attr)) != 1:
            return None
        return bind_on_instance(cls, attr)
