"""Repairs for findings torchlint reported without a fix (issue #23, session 23, second pass:
b67 and heldout34).

``TolistLoopAnnotation`` (TL205, safe): ``for i, n in enumerate(lengths.tolist()):`` /
``for n in lengths.tolist():`` / ``feats = [f(x[:, i]) for i in idx.tolist()]`` whose item
bounds a slice, indexes a subscript or goes to ``range`` (alone or through ``+ - * // %``) on
a line that always runs with the item -> ``lengths_list: List[int] = lengths.tolist()`` on a
line of its own before, the loop over ``lengths_list``. ``fixers/repair_session23.py``'s
``TolistIntAnnotation`` annotates a local the list is already bound to; here the list is
looped over where it is made. TorchScript needs the element type of ``tolist`` (checked on
torch 2.13: scripts, equal eager); ``torch.jit.annotate`` in place would do too, but TL507
asks for the annotated local instead. Safe: the iterable of a ``for`` (or of the
comprehension a line binds) is the first thing the statement evaluates, so it is made at the
same point; a local's annotation is not evaluated; and an item that was a float or a list
raised at that line in eager, so the items are ints.

``RemoveOwnFirst`` (TL243, safe): ``feats.remove(feats[0])`` as a statement, the receiver a
name -> ``del feats[0]``. Python's ``list.remove`` tests identity before ``==``, so the item
at position 0 is the one removed; TorchScript compares tensors with ``==`` and fails on the
truth of the result (torch 2.13), and compiles ``del``. Safe: the same item goes, and an
empty list raised IndexError both ways.

``ClassVarAsFinal`` (TL216, safe): ``num_buckets: ClassVar[int] = 8`` in the body of the
undecorated module class whose method reads ``self.num_buckets`` -> ``num_buckets: Final[int] =
8``. TorchScript takes a class attribute annotated ``Final`` as a constant (checked on torch
2.13: scripts, equal eager) and has no attribute for a ``ClassVar``. Only for an int, float,
bool or str literal whose type is the annotation's, where nothing in the file stores
``self.num_buckets`` and no class of the file derives from the class. Safe: only the class's
``__annotations__`` changes, which only TorchScript reads for an ``nn.Module``.

``ItemIntAtBinding`` (TL209, unsafe): an ``.item()`` number used as a tensor index, bound
once to a local or an item of a list display and its appends -> ``int(t.item()) if
torch.jit.is_scripting() else t.item()`` where it is made (see the class).

``TensorRangeBoundInt`` (TL209, unsafe): ``range(horizon.max())`` of a tensor ->
``range(int(horizon.max()) if torch.jit.is_scripting() else horizon.max())`` (see the class).

``SortedReverseSlice`` (TL209, unsafe): ``sorted(values, reverse=True)`` -> ``sorted(values)
[::-1]`` (``reverse=False`` -> ``sorted(values)``). TorchScript's ``sorted`` takes no keyword
arguments; it compiles a reversed slice (checked on torch 2.13: scripts, equal eager). Unsafe:
Python's reverse sort keeps equal items in their order, the slice reverses them (``0.0`` and
``-0.0``, items equal by ``==`` but not the same), and NaN orders differently.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments, self_attribute
from torchlint.lint.script_facts import literal_type

from ._shared import (
    contains,
    expression_in_place,
    fresh_name,
    self_attribute_of_class,
    variable_uses,
)
from .repair_session23 import TolistIntAnnotation


# -- TL205: a tolist() looped over where it is made ------------------------------------------
class TolistLoopAnnotation(TolistIntAnnotation):
    codes = ("TL205",)
    applicability = "safe"
    message = "bind the list to a local annotated `List[int]` first (its items are used as ints)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if "`.tolist()` without a type annotation" not in diagnostic.message:
            return None
        if not (
            isinstance(call, cst.Call)
            and not call.args
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "tolist"
        ):
            return None
        found = self._loop_item(call)
        if found is None:
            return None
        loop, item, body = found
        uses = [use for use in variable_uses(self, body, item.value) if use is not item]
        if not uses or any(self._rebinds(use) for use in uses):
            return None
        if not any(self._int_use(use) and self._always_runs(use, loop) for use in uses):
            return None
        # the statement that evaluates the loop's iterable first: a `for`, or a line binding
        # the comprehension (`feats = [... for i in idx.tolist()]`)
        if isinstance(loop, cst.For):
            statement: Optional[cst.CSTNode] = loop
        else:
            assign = self.parent(self.parent(loop))  # type: ignore[arg-type]
            statement = self.parent(assign) if isinstance(assign, cst.Assign) else None
            if not (
                isinstance(statement, cst.SimpleStatementLine)
                and len(statement.body) == 1
                and assign.value is self.parent(loop)  # type: ignore[union-attr]
            ):
                return None
        receiver = call.func.value  # type: ignore[union-attr]
        base = f"{receiver.value}_list" if isinstance(receiver, cst.Name) else "values_list"
        name = fresh_name(self, call, base)
        listed = self.import_from("typing", "List")
        hoisted = cst.parse_statement(f"{name}: {listed}[int] = {self.code(call).strip()}\n")
        hoisted = hoisted.with_changes(leading_lines=statement.leading_lines)  # type: ignore[union-attr]
        rest = statement.deep_replace(call, cst.Name(name))
        rest = rest.with_changes(leading_lines=())  # type: ignore[union-attr]
        return [(statement, cst.FlattenSentinel([hoisted, rest]))]  # type: ignore[list-item]

    def _loop_item(self, call: cst.Call) -> Optional[tuple[cst.CSTNode, cst.Name, cst.CSTNode]]:
        """``(loop, item name, where the item is used)`` for a ``for`` statement or a
        comprehension looping over ``call`` directly or through ``enumerate(call)``."""
        parent = self.parent(call)
        position = None
        if (
            isinstance(parent, cst.Arg)
            and parent.keyword is None
            and not parent.star
            and isinstance(self.parent(parent), cst.Call)
        ):
            outer = self.parent(parent)
            if (
                self.ctx.qualified_name(outer.func) != "builtins.enumerate"  # type: ignore[union-attr]
                or outer.args[0] is not parent  # type: ignore[union-attr]
                or len(outer.args) != 1  # type: ignore[union-attr]
            ):
                return None
            position, iterated = 1, outer
        else:
            iterated = call
        loop = self.parent(iterated)
        if not isinstance(loop, (cst.For, cst.CompFor)) or loop.iter is not iterated:
            return None
        target = loop.target
        if position is not None:
            if not (isinstance(target, cst.Tuple) and len(target.elements) == 2):
                return None
            target = target.elements[position].value
        if not isinstance(target, cst.Name):
            return None
        if isinstance(loop, cst.For):
            if loop.orelse is not None:
                return None
            return loop, target, loop.body
        comprehension = self.parent(loop)
        if not isinstance(comprehension, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
            return None
        if loop.inner_for_in is not None or loop.ifs:
            return None
        return loop, target, comprehension.elt

    def _rebinds(self, use: cst.Name) -> bool:
        holder = self.parent(use)
        return isinstance(
            holder, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.NamedExpr, cst.AsName)
        ) or (isinstance(holder, (cst.For, cst.CompFor)) and holder.target is use)

    def _always_runs(self, use: cst.Name, loop: cst.CSTNode) -> bool:
        """The use is on a statement directly in the loop's body (or in a comprehension's
        element), outside a conditional expression, ``and`` / ``or`` or a lambda."""
        for ancestor in self.ancestors(use):
            if ancestor is loop or isinstance(
                ancestor, (cst.ListComp, cst.SetComp, cst.GeneratorExp)
            ):
                return True
            if isinstance(ancestor, (cst.IfExp, cst.BooleanOperation, cst.Lambda)):
                return False
            if isinstance(ancestor, cst.IndentedBlock):
                return self.parent(ancestor) is loop
        return False


# -- TL243: list.remove of the list's own first item -----------------------------------------
class RemoveOwnFirst(Fixer):
    codes = ("TL243",)
    applicability = "safe"
    message = "delete the first item by position (`del xs[0]`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "remove"
            and isinstance(call.func.value, cst.Name)
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
        ):
            return None
        receiver = call.func.value.value
        item = call.args[0].value
        if not (
            isinstance(item, cst.Subscript)
            and isinstance(item.value, cst.Name)
            and item.value.value == receiver
            and len(item.slice) == 1
            and isinstance(item.slice[0].slice, cst.Index)
            and isinstance(item.slice[0].slice.value, cst.Integer)
            and item.slice[0].slice.value.evaluated_value == 0
        ):
            return None
        statement = self.parent(call)
        if not isinstance(statement, cst.Expr) or call.lpar:
            return None
        return [(statement, cst.Del(target=cst.parse_expression(f"{receiver}[0]")))]


# -- TL216: a ClassVar read through self -----------------------------------------------------
class ClassVarAsFinal(Fixer):
    codes = ("TL216",)
    applicability = "safe"
    message = "annotate the class attribute `Final` instead of `ClassVar` (a TorchScript constant)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = self_attribute_of_class(self, diagnostic.node)
        if found is None:
            return None
        attr, cls = found
        if cls.decorators or not isinstance(cls.body, cst.IndentedBlock):
            return None
        if self.parent(cls) is not self.ctx.module:
            return None
        bindings = [
            small
            for stmt in cls.body.body
            if isinstance(stmt, cst.SimpleStatementLine)
            for small in stmt.body
            if (isinstance(small, cst.AnnAssign) and _named(small.target, attr))
            or (
                isinstance(small, cst.Assign) and any(_named(t.target, attr) for t in small.targets)
            )
        ]
        if len(bindings) != 1 or not isinstance(bindings[0], cst.AnnAssign):
            return None
        binding = bindings[0]
        kind = literal_type(binding.value)
        annotation = binding.annotation.annotation
        if kind is None:
            return None
        if isinstance(annotation, cst.Subscript):
            if self.ctx.qualified_name(annotation.value) != "typing.ClassVar":
                return None
            if len(annotation.slice) != 1 or not isinstance(annotation.slice[0].slice, cst.Index):
                return None
            declared = annotation.slice[0].slice.value
            if not (isinstance(declared, cst.Name) and declared.value == kind):
                return None
        elif self.ctx.qualified_name(annotation) != "typing.ClassVar":
            return None
        if self._stored(attr) or self._derived(cls.name.value):
            return None
        final = self.import_from("typing", "Final")
        return [
            (
                binding.annotation,
                binding.annotation.with_changes(
                    annotation=cst.parse_expression(f"{final}[{kind}]")
                ),
            )
        ]

    def _stored(self, attr: str) -> bool:
        """Some statement of the file binds ``self.<attr>`` (or deletes it)."""

        def stores(node: cst.CSTNode) -> bool:
            if isinstance(node, cst.AssignTarget):
                return contains(node.target, lambda n: self_attribute(n) == attr)
            if isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.Del)):
                return contains(node.target, lambda n: self_attribute(n) == attr)
            return False

        return contains(self.ctx.module, stores)

    def _derived(self, name: str) -> bool:
        return contains(
            self.ctx.module,
            lambda node: (
                isinstance(node, cst.ClassDef)
                and any(
                    contains(base.value, lambda n: isinstance(n, cst.Name) and n.value == name)
                    for base in node.bases
                )
            ),
        )


def _named(target: cst.BaseExpression, name: str) -> bool:
    return isinstance(target, cst.Name) and target.value == name


# -- TL209: sorted(..., reverse=...) ---------------------------------------------------------
class SortedReverseSlice(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "sort, then reverse with a slice (TorchScript's `sorted` takes no keyword)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if "`sorted(..., reverse=...)`" not in diagnostic.message:
            return None
        if not (
            isinstance(call, cst.Call)
            and self.ctx.qualified_name(call.func) in ("sorted", "builtins.sorted")
            and len(call.args) == 2
            and call.args[0].keyword is None
            and not call.args[0].star
            and call.args[1].keyword is not None
            and call.args[1].keyword.value == "reverse"
            and isinstance(call.args[1].value, cst.Name)
            and call.args[1].value.value in ("True", "False")
        ):
            return None
        sorted_name = self.code(call.func).strip()
        values = self.code(call.args[0].value).strip()
        text = f"{sorted_name}({values})"
        if call.args[1].value.value == "True":
            text += "[::-1]"
        return [(call, _in_place(call, text))]


def _in_place(node: cst.BaseExpression, text: str) -> cst.BaseExpression:
    """``text``, a primary (a call or a subscript), where ``node`` was, in its parentheses."""
    new = cst.parse_expression(text)
    return new.with_changes(lpar=node.lpar, rpar=node.rpar) if node.lpar else new


# -- TL209: a number from .item() used as a tensor index --------------------------------------
class ItemIntAtBinding(Fixer):
    """``step = t.item()`` then ``table[step]`` (and ``prev = max(step - k, 0)``,
    ``table[prev]``) -> ``step = int(t.item()) if torch.jit.is_scripting() else t.item()``;
    ``tags = [s.argmax().item()]``, items appended with ``tags.append(v.item())`` and
    ``tags[-1]`` an index -> each ``.item()`` so. TorchScript types ``item()`` a ``number``,
    which indexes no tensor and gives a ``List[number]`` that ``torch.tensor`` refuses (torch
    2.13: "expected Float, Complex, Int, or Bool but got Scalar"); the int at the binding
    reaches every value made from it, where ``int(step)`` at the index
    (``fixers/script_heldout10.py``) leaves ``prev`` a number. The item stays bare outside
    TorchScript: ``int`` of it fails ``torch.export`` (GuardOnDataDependentSymNode, torch 2.13)
    where the bare item exports. Eager, compile, export and trace run what they ran; unsafe:
    the scripted module truncates a float item used elsewhere than the index."""

    codes = ("TL209",)
    applicability = "unsafe"
    message = "convert the item to int where it is bound (`int(t.item())`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        index = diagnostic.node
        if "used as a tensor index" not in diagnostic.message:
            return None
        function = self.enclosing_function(index) if index is not None else None
        if function is None:
            return None
        if isinstance(index, cst.Name):
            bound = assignments(function, index.value)
            if len(bound) != 1 or bound[0][2] != 1 or not _item_call(bound[0][0]):
                return None
            return [_as_int(self, bound[0][0])]
        if not (
            isinstance(index, cst.Subscript)
            and isinstance(index.value, cst.Name)
            and len(index.slice) == 1
            and isinstance(index.slice[0].slice, cst.Index)
        ):
            return None
        name = index.value.value
        bound = assignments(function, name)
        if len(bound) != 1 or bound[0][2] != 1:
            return None
        display = bound[0][0]
        if not isinstance(display, cst.List) or not display.elements:
            return None
        items: list[cst.Call] = []
        for element in display.elements:
            if isinstance(element, cst.StarredElement) or not _item_call(element.value):
                return None
            items.append(element.value)  # type: ignore[arg-type]
        for use in variable_uses(self, function, name):
            parent = self.parent(use)
            if isinstance(parent, cst.AssignTarget):
                continue
            if isinstance(parent, cst.Subscript) and parent.value is use:
                if isinstance(self.parent(parent), (cst.AssignTarget, cst.AugAssign, cst.Del)):
                    return None  # an item stored that is not an item() call
                continue
            if isinstance(parent, cst.Attribute) and parent.value is use:
                call = self.parent(parent)
                method = parent.attr.value
                if not isinstance(call, cst.Call) or call.func is not parent:
                    return None
                if method in ("reverse", "pop", "clear", "copy", "index", "count") and not any(
                    a.keyword or a.star for a in call.args
                ):
                    continue
                if method == "append" and len(call.args) == 1 and _item_call(call.args[0].value):
                    items.append(call.args[0].value)  # type: ignore[arg-type]
                    continue
                return None
            if isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star:
                callee = self.parent(parent)
                if isinstance(callee, cst.Call) and self.ctx.qualified_name(callee.func) in (
                    "torch.tensor",
                    "builtins.len",
                ):
                    continue
            if isinstance(parent, cst.For) and parent.iter is use:
                continue
            return None
        return [_as_int(self, item) for item in items]


def _item_call(node: cst.BaseExpression) -> bool:
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "item"
        and not node.args
    )


def _as_int(fixer: Fixer, call: cst.BaseExpression) -> Replacement:
    """``int(<call>)`` where TorchScript compiles, ``<call>`` elsewhere: ``int`` of an unbacked
    item specialises it under ``torch.export`` (torch 2.13: GuardOnDataDependentSymNode), where
    the bare item exports; ``torch.jit.is_scripting()`` is false in Python, under
    ``torch.compile``, ``torch.export`` and ``torch.jit.trace``, and TorchScript folds it."""
    torch = fixer.import_module("torch")
    text = fixer.code(call.with_changes(lpar=(), rpar=())).strip()
    chosen = f"int({text}) if {torch}.jit.is_scripting() else {text}"
    if isinstance(fixer.parent(call), (cst.Arg, cst.Element)) and not call.lpar:
        return (call, cst.parse_expression(chosen))  # an argument or item needs no parentheses
    return (call, expression_in_place(fixer, call, chosen))


# -- TL209: a tensor as a range() bound --------------------------------------------------------
class TensorRangeBoundInt(Fixer):
    """``range(lengths.max())`` / ``range(steps)`` of a tensor -> ``range(int(lengths.max()) if
    torch.jit.is_scripting() else lengths.max())``.
    TorchScript's ``range`` takes ints and converts no tensor; ``int`` of a one-element tensor
    compiles (checked on torch 2.13: scripts, equal eager). Python's ``range`` reads the bound
    with ``__index__``, which gives ``int``'s value for a one-element integer (or bool) tensor;
    eager, compile, export and trace run the bare tensor as before (``int`` there would be a new
    TL115 for export). Unsafe: the scripted module truncates a float tensor where Python's
    ``range`` raised TypeError."""

    codes = ("TL209",)
    applicability = "unsafe"
    message = "convert the bound with `int(...)` (TorchScript's range takes ints only)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        bound = diagnostic.node
        if "a Tensor, used as a `range` bound" not in diagnostic.message:
            return None
        arg = self.parent(bound) if bound is not None else None
        call = self.parent(arg) if arg is not None else None
        if not (
            isinstance(arg, cst.Arg)
            and arg.value is bound
            and isinstance(call, cst.Call)
            and self.ctx.qualified_name(call.func) == "builtins.range"
        ):
            return None
        # `int` only where TorchScript compiles: elsewhere `range` reads the tensor as before
        return [_as_int(self, bound)]  # type: ignore[arg-type]
