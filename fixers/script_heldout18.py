"""Rewrites for script findings from the heldout18 probe batch.

``TupleRangeToList`` (TL209, unsafe): ``tuple(range(a, b))`` -> ``list(range(a, b))``.
TorchScript cannot make a tuple of a range (torch 2.13: range cannot be used as a tuple) and
compiles ``list(range(...))`` (checked on torch 2.13: ``x.mean(dim=list(range(2, x.dim())))``
scripts and equals eager). The same ints in the same order. Unsafe: the value is a list now,
not a tuple (a dict key, ``+`` with a tuple, ``isinstance(v, tuple)`` differ).

``MixinEnumMemberValue`` (TL215, unsafe): ``self.pool_type == PoolType.AVG`` (``!=``, ``in`` a
tuple of members), where ``PoolType`` is an Enum of the file that subclasses ``str`` or ``int``
-> ``self.pool_type == PoolType.AVG.value``. TorchScript types the attribute as that str or int
and compares it with the member's value (checked on torch 2.13: scripts, equals eager). In
eager Python a member of such a class compares by the mixin's ``__eq__``, on the value it holds
(``"avg"``, ``1``), so the test gives the same answer for a member, a plain str / int or
None held in the attribute. Only for a class without ``__new__`` / ``__eq__`` / ``_missing_``
whose members are all literals of the mixin's type. Unsafe: an object in the attribute whose
own ``__eq__`` treats enum members specially would now see the plain value.

``DropModuleClassAnnotation`` (TL216, unsafe): the class-body line ``proj:
Optional[nn.Linear]`` (an annotation without a value, of a torch.nn module class) goes.
TorchScript takes such an annotation as the attribute's type and cannot hold a submodule as it;
without it TorchScript infers the submodule's type, and None's (checked on torch 2.13: an
optional ``nn.Linear`` tested ``is not None`` scripts, both ways). An annotation without a value
binds nothing: only the class's ``__annotations__`` changes. Unsafe: code reading
``__annotations__`` (dataclass-like tools, ``typing.get_type_hints``) no longer sees it, and
TorchScript reads the annotations of another class where this one has none left.

``GuardFlattenParameters`` (TL209, safe): a statement that is only
``self.rnn.flatten_parameters()`` of an LSTM / GRU / RNN submodule goes under ``if not
torch.jit.is_scripting():``. TorchScript skips that branch (checked on torch 2.13: scripts);
eager Python, trace, torch.compile and export run it as before (``is_scripting()`` is False
there). The call only re-lays the weights in memory for cuDNN: the values are the same, so the
scripted model computes what eager does.

``InterfaceForwardCall`` (TL208, unsafe): ``block(x)`` of a name annotated with a
``torch.jit.interface`` type -> ``block.forward(x)``, the method TorchScript calls through an
interface (checked on torch 2.13: scripts, equals eager). Unsafe: ``forward`` skips the
module's hooks, which ``block(x)`` ran in eager Python.

``FinalReturnIndicesFlag`` (TL215, unsafe): ``F.max_pool2d(..., return_indices=self.keep)``
where only ``__init__`` sets ``self.keep``, once, from a parameter with a bool default or a
bool literal -> ``keep: Final[bool]`` first in the class body (``from typing import Final``),
which makes the flag a constant that TorchScript folds to pick the function (checked on torch
2.13: scripts, equals eager). An annotation without a value binds nothing: eager Python runs
as before. Unsafe: a module built with a non-bool flag, or whose flag code changes after
construction, no longer scripts (TorchScript holds a ``Final`` attribute fixed), and
``__annotations__`` gains the name.
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import (
    class_body_annotation,
    contains,
    final_attribute_init,
    guarded,
    own_statement_line,
)


def _rebinds(body: cst.CSTNode, name: str) -> bool:
    """Whether ``body`` assigns the name ``name``."""
    return contains(
        body,
        lambda n: (
            isinstance(n, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign))
            and isinstance(n.target, cst.Name)
            and n.target.value == name
        ),
    )


class TupleRangeToList(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "make a list of the range, `list(range(...))`, which TorchScript compiles"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not diagnostic.message.startswith("`tuple(range(...))`"):
            return None
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name):
            return None
        if call.func.value != "tuple" or self.ctx.qualified_name(call.func) != "builtins.tuple":
            return None
        return [(call.func, cst.Name("list"))]


class MixinEnumMemberValue(Fixer):
    codes = ("TL215",)
    applicability = "unsafe"
    message = "compare with the member's value (`PoolType.AVG.value`), as TorchScript types it"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        found = re.search(
            r"holds a member of `(\w+)`, an Enum that subclasses (str|int)", diagnostic.message
        )
        if found is None or not isinstance(node, cst.Comparison) or len(node.comparisons) != 1:
            return None
        cls, mixin = found.group(1), found.group(2)
        if not self._plain_mixin_enum(cls, mixin):
            return None
        target = node.comparisons[0]
        sides = [node.left, target.comparator]
        members: list[cst.BaseExpression] = []
        for side in sides:
            items = (
                [e.value for e in side.elements]
                if isinstance(side, (cst.Tuple, cst.List))
                and isinstance(target.operator, (cst.In, cst.NotIn))
                else [side]
            )
            members.extend(
                item
                for item in items
                if isinstance(item, cst.Attribute)
                and isinstance(item.value, cst.Name)
                and item.value.value == cls
                and item.attr.value not in ("value", "name")
            )
        if not members:
            return None
        return [(m, cst.Attribute(value=m, attr=cst.Name("value"))) for m in members]

    def _plain_mixin_enum(self, name: str, mixin: str) -> bool:
        """The class ``name`` of this file: members bound to literals of ``mixin``'s type, no
        ``__new__`` / ``__eq__`` / ``__hash__`` / ``_missing_`` / ``_generate_next_value_``."""
        for statement in self.ctx.module.body:
            if not isinstance(statement, cst.ClassDef) or statement.name.value != name:
                continue
            literal = cst.SimpleString if mixin == "str" else cst.Integer
            members = 0
            for line in statement.body.body:
                if isinstance(line, cst.FunctionDef):
                    if line.name.value in (
                        "__new__",
                        "__eq__",
                        "__ne__",
                        "__hash__",
                        "_missing_",
                        "_generate_next_value_",
                    ):
                        return False
                    continue
                if not isinstance(line, cst.SimpleStatementLine):
                    return False
                for small in line.body:
                    if isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
                        continue  # a docstring
                    if not isinstance(small, cst.Assign) or not isinstance(small.value, literal):
                        return False
                    if (
                        isinstance(small.value, cst.SimpleString)
                        and "b" in small.value.prefix.lower()
                    ):
                        return False
                    members += 1
            return members > 0
        return False


MODULE_BASES = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})


class DropModuleClassAnnotation(Fixer):
    codes = ("TL216",)
    applicability = "unsafe"
    message = "remove the class-body annotation: TorchScript infers a submodule's type"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = re.match(r"`(\w+)` is annotated `[^`]+` in the class body", diagnostic.message)
        if found is None:
            return None
        attr = found.group(1)
        cls = next(
            (a for a in self.ancestors(diagnostic.node) if isinstance(a, cst.ClassDef)), None
        )
        if cls is None or not isinstance(cls.body, cst.IndentedBlock) or cls.decorators:
            return None
        for line in cls.body.body:
            if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
                continue
            small = line.body[0]
            if (
                isinstance(small, cst.AnnAssign)
                and small.value is None
                and isinstance(small.target, cst.Name)
                and small.target.value == attr
            ):
                if len(cls.body.body) == 1:
                    return None  # the class body would be empty
                return [(line, cst.RemovalSentinel.REMOVE)]
        return None


RNN_CLASSES = frozenset(f"torch.nn.{name}" for name in ("LSTM", "GRU", "RNN"))


class GuardFlattenParameters(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "keep `flatten_parameters()` from TorchScript with `if not torch.jit.is_scripting():`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if ".flatten_parameters()` (TorchScript compiles it" not in diagnostic.message:
            return None
        call = diagnostic.node
        if not isinstance(call, cst.Call) or call.args:
            return None
        if not isinstance(call.func, cst.Attribute) or call.func.attr.value != "flatten_parameters":
            return None
        line = own_statement_line(self, call)
        if line is None:
            return None
        if self.enclosing_function(line) is None or contains(
            call, lambda n: isinstance(n, (cst.Lambda, cst.NamedExpr))
        ):
            return None
        return [(line, guarded(self, "not {torch}.jit.is_scripting()", line))]


class InterfaceForwardCall(Fixer):
    codes = ("TL208",)
    applicability = "unsafe"
    message = "call the interface's method, `block.forward(x)`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if "is annotated with the interface type" not in diagnostic.message:
            return None
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name):
            return None
        return [(call.func, cst.Attribute(value=call.func, attr=cst.Name("forward")))]


class FinalReturnIndicesFlag(Fixer):
    codes = ("TL215",)
    applicability = "unsafe"
    message = "annotate the flag `Final[bool]` so TorchScript takes it as a constant"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = re.search(r"`return_indices=self\.(\w+)` of `", diagnostic.message)
        if found is None:
            return None
        attr = found.group(1)
        cls = next(
            (a for a in self.ancestors(diagnostic.node) if isinstance(a, cst.ClassDef)), None
        )
        init = final_attribute_init(cls, attr)
        if init is None or not self._bool_once(cls, init, attr):
            return None
        final = self.import_from("typing", "Final")
        return class_body_annotation(cls, f"{attr}: {final}[bool]")

    def _bool_once(self, cls: cst.ClassDef, init: cst.FunctionDef, attr: str) -> bool:
        """``self.<attr>`` assigned once in the class, a top-level statement of ``__init__``,
        to a bool literal or to a parameter of ``__init__`` with a bool-literal default that
        ``__init__`` does not rebind before."""
        stores: list[cst.CSTNode] = []

        def store(node: cst.CSTNode) -> bool:
            if isinstance(node, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign)):
                target = node.target
                return (
                    isinstance(target, cst.Attribute)
                    and isinstance(target.value, cst.Name)
                    and target.value.value == "self"
                    and target.attr.value == attr
                )
            return False

        def record(node: cst.CSTNode) -> bool:
            if store(node):
                stores.append(node)
            return False

        contains(cls, record)
        if len(stores) != 1 or not isinstance(init.body, cst.IndentedBlock):
            return False
        for line in init.body.body:
            if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
                continue
            small = line.body[0]
            if not isinstance(small, cst.Assign) or len(small.targets) != 1:
                continue
            if small.targets[0] is not stores[0]:
                continue
            value = small.value
            if isinstance(value, cst.Name) and value.value in ("True", "False"):
                return True
            if not isinstance(value, cst.Name):
                return False
            params = [*init.params.params, *init.params.kwonly_params]
            param = next((p for p in params if p.name.value == value.value), None)
            if param is None or not (
                isinstance(param.default, cst.Name) and param.default.value in ("True", "False")
            ):
                return False
            return not _rebinds(init.body, value.value)
        return False
