"""Repairs for script findings of the heldout38 probe batch (session 27, helper-247).

``ProductOfRangesLoop`` (TL209, safe): ``for i, j in itertools.product(range(h), range(w)):``
-> ``for i in range(h):`` / ``for j in range(w):``, nested in the order of the arguments
(``product`` varies the last one fastest). TorchScript binds no ``itertools.product`` (torch
2.13: range cannot be used as a value); nested ``range`` loops visit the same tuples in the same
order. Safe where the nested loops run what the original ran: every ``range`` argument is an
int literal, a name, an attribute or ``len()`` of one, the body neither rebinds a loop target or
a name a range reads nor calls a method on one (``product`` sized each range once, the inner
ones are sized on every pass of the outer), has no ``break`` (which would leave only the
innermost loop), and the loop has no ``else``.

``BackendQueryThroughPython`` (TL209, unsafe): a query of torch's back-ends or global settings
that scripted code cannot call, taking no argument (``torch.backends.cuda.flash_sdp_enabled()``,
``torch.get_float32_matmul_precision()``: the generated ``query_returns``, with the Python type
each returns) -> a call of a module-level ``@torch.jit.ignore`` function that makes the query,
annotated with that type, as ``script_heldout19.CudaQueryThroughPython`` does for
``torch.cuda``. Unsafe for the same reason: the scripted model calls back into Python, so
``torch.jit.save`` refuses it.

``BackendSettingThroughPython`` (TL212, unsafe): a setting read from a plain object of a
back-end namespace (the generated ``python_values_unscriptable``:
``torch.backends.cuda.matmul.allow_tf32``) where the read is a truth test (the test of an
``if`` / ``while`` / conditional expression, an operand of ``and`` / ``or`` / ``not``) ->
``_backends_cuda_matmul_allow_tf32()``, a module-level ``@torch.jit.ignore`` function returning
``bool(<the read>)``: the test takes the same branch in eager. Unsafe as above.

``FlagMembershipToBool`` (TL215, unsafe): ``Outputs.POOLED in self.want`` (``not in``) where
``self.want`` is bound once in the class, by a top-level statement of ``__init__`` ->
``self.want_pooled`` (``not self.want_pooled``), with ``self.want_pooled = Outputs.POOLED in
self.want`` added after that statement: a bool TorchScript types, tested as eager tests the
flag. Unsafe: code that rebinds ``self.want`` after construction (outside the class) is no
longer seen.

``OptionalReadToLocal`` (TL213, safe): ``shard = ids.device.index if ids.device.index is not
None else 0`` -> ``index = ids.device.index`` then ``shard = index if index is not None else
0`` (a name no other binding of the function uses): TorchScript refines the local, so ``shard``
is an int. Eager reads the attribute once instead of twice, with the same value.
"""

from __future__ import annotations

from typing import ClassVar, Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_assignments
from torchlint.lint.torchscript_tables import torchscript_table

from ._shared import class_methods, fresh_name, module_bindings, names_in
from .script_combinations_loop import _disturbs, _size_names, loop_over_call
from .script_heldout19 import CUDA_QUERIES, CudaQueryThroughPython, _Swap, _top_statement


class ProductOfRangesLoop(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "loop with nested `range` loops (TorchScript has no `itertools.product`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = loop_over_call(self, diagnostic, "itertools.product")
        if found is None:
            return None
        call, loop = found
        if len(call.args) < 2 or len(loop.target.elements) != len(call.args):  # type: ignore[attr-defined]
            return None
        targets = [e.value.value for e in loop.target.elements]  # type: ignore[attr-defined]
        if len(set(targets)) != len(targets):
            return None
        read: set[str] = set()
        for arg in call.args:
            value = arg.value
            if not (
                m.matches(value, m.Call(func=m.Name("range")))
                and 1 <= len(value.args) <= 3  # type: ignore[attr-defined]
                and all(a.keyword is None and not a.star for a in value.args)  # type: ignore[attr-defined]
            ):
                return None
            for bound in value.args:  # type: ignore[attr-defined]
                names = _size_names(bound.value)
                if names is None or names & set(targets):
                    return None  # a range reading a target: product sized it before the loop
                read |= names
        if self.ctx.qualified_name(cst.Name("range")) not in (None, "builtins.range"):
            return None
        if _disturbs(loop.body, read | set(targets)):
            return None
        body: cst.BaseSuite = loop.body.with_changes(header=cst.TrailingWhitespace())
        for target, arg in reversed(list(zip(targets[1:], call.args[1:]))):
            inner = cst.parse_statement(f"for {target} in {self.code(arg.value)}:\n    pass\n")
            body = cst.IndentedBlock(body=[inner.with_changes(body=body)])
        outer = loop.with_changes(
            target=cst.Name(targets[0]),
            iter=call.args[0].value,
            body=body.with_changes(header=loop.body.header),  # type: ignore[union-attr]
        )
        return [(loop, outer)]


class BackendQueryThroughPython(CudaQueryThroughPython):
    message = (
        "make the query through an `@torch.jit.ignore` function, which TorchScript leaves Python"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        table = torchscript_table().get("query_returns", {})
        self.queries = {k: v for k, v in table.items() if k not in CUDA_QUERIES}
        return super().fix(diagnostic)


_SETTING_HELPER = """\
@{torch}.jit.ignore
def {name}() -> bool:
    return bool({read})
"""


class BackendSettingThroughPython(Fixer):
    codes = ("TL212",)
    applicability = "unsafe"
    message = (
        "read the setting through an `@torch.jit.ignore` function, which TorchScript leaves Python"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Attribute) or not self._truth_tested(node):
            return None
        held = self.ctx.qualified_name(node.value)
        table = torchscript_table().get("python_values_unscriptable", {})
        if held is None or held not in table or not held.startswith("torch."):
            return None
        api = f"{held}.{node.attr.value}"
        helper = "_" + api[len("torch.") :].replace(".", "_")
        function = self.enclosing_function(node)
        if function is None or any(n.value == helper for n in names_in(function)):
            return None  # a local of that name would hide the helper
        torch = self.import_module("torch")
        text = _SETTING_HELPER.format(torch=torch, name=helper, read=f"{torch}.{api[6:]}")
        new_call = cst.Call(func=cst.Name(helper))
        existing = [
            s
            for s in self.ctx.module.body
            if isinstance(s, cst.FunctionDef) and s.name.value == helper
        ]
        if existing:
            same = self.code(existing[0]).strip() == text.strip()
            return [(node, new_call)] if same else None
        if helper in module_bindings(self.ctx.module):
            return None
        top = _top_statement(self, node)
        if top is None:
            return None
        definition = cst.parse_statement(text).with_changes(leading_lines=top.leading_lines)
        blank = [cst.EmptyLine(indent=False), cst.EmptyLine(indent=False)]
        rest = top.visit(_Swap(node, new_call)).with_changes(leading_lines=blank)
        return [(top, cst.FlattenSentinel([definition, rest]))]

    def _truth_tested(self, node: cst.BaseExpression) -> bool:
        """Whether only the truth of ``node`` is used: a test, or under ``and`` / ``or`` /
        ``not`` that are themselves tested."""
        parent = self.parent(node)
        if isinstance(parent, (cst.If, cst.While, cst.IfExp)) and parent.test is node:
            return True
        if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):
            return True
        if isinstance(parent, cst.BooleanOperation):
            return self._truth_tested(parent)
        return False


class FlagMembershipToBool(Fixer):
    codes = ("TL215",)
    applicability = "unsafe"
    message = "test the flag once in `__init__` and keep the bool (TorchScript's Enum has no `in`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not (
            isinstance(node, cst.Comparison)
            and len(node.comparisons) == 1
            and isinstance(node.comparisons[0].operator, (cst.In, cst.NotIn))
            and isinstance(node.left, cst.Attribute)
            and isinstance(node.left.value, cst.Name)
        ):
            return None
        held = node.comparisons[0].comparator
        if not (
            isinstance(held, cst.Attribute)
            and isinstance(held.value, cst.Name)
            and held.value.value == "self"
        ):
            return None
        cls = self._class_of(node)
        init = (
            next((f for f in class_methods(cls) if f.name.value == "__init__"), None)
            if cls
            else None
        )
        if cls is None or init is None or not isinstance(init.body, cst.IndentedBlock):
            return None
        attr = held.attr.value
        bound = [(f, v) for f in class_methods(cls) for v in self_assignments(f, attr)]
        if len(bound) != 1 or bound[0][0] is not init:
            return None
        statement = next(
            (
                line
                for line in init.body.body
                if isinstance(line, cst.SimpleStatementLine)
                and len(line.body) == 1
                and isinstance(line.body[0], cst.Assign)
                and line.body[0].value is bound[0][1]
            ),
            None,
        )
        if statement is None:
            return None  # under a branch or a loop
        member = node.left.attr.value
        flag = f"{attr.lstrip('_')}_{member.lower()}"
        test = f"{self.code(node.left)} in self.{attr}"
        spelled = {n.value for n in names_in(cls)}
        store = f"self.{flag} = {test}"
        if any(
            isinstance(line, cst.SimpleStatementLine) and self.code(line).strip() == store
            for line in init.body.body
        ):
            pass  # added by the fix of another test of the same flag
        elif flag in spelled:
            return None
        read = cst.parse_expression(f"self.{flag}")
        if isinstance(node.comparisons[0].operator, cst.NotIn):
            read = cst.parse_expression(f"not self.{flag}")
        replacements: list[Replacement] = [(node, read)]
        if flag not in spelled:
            added = cst.parse_statement(store + "\n")
            replacements.append((statement, cst.FlattenSentinel([statement, added])))
        return replacements

    def _class_of(self, node: cst.CSTNode) -> Optional[cst.ClassDef]:
        return next((a for a in self.ancestors(node) if isinstance(a, cst.ClassDef)), None)


class OptionalReadToLocal(Fixer):
    codes = ("TL213",)
    applicability = "safe"
    message = "bind the read to a local and test the local, which TorchScript refines"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        ternary = diagnostic.node
        if not isinstance(ternary, cst.IfExp):
            return None
        assign = self.parent(ternary)
        line = self.parent(assign) if assign is not None else None
        if not (
            isinstance(assign, cst.Assign)
            and assign.value is ternary
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
            and isinstance(line, cst.SimpleStatementLine)
            and len(line.body) == 1
            and isinstance(self.parent(line), cst.IndentedBlock)
        ):
            return None
        test = ternary.test
        if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
            return None
        read = test.left
        if not isinstance(read, cst.Attribute):
            return None
        operator = test.comparisons[0].operator
        value = ternary.body if isinstance(operator, cst.IsNot) else ternary.orelse
        if not value.deep_equals(read):
            return None
        local = fresh_name(self, ternary, read.attr.value, f"{read.attr.value}_value")
        swapped = ternary.visit(_ReplaceEqual(read, cst.Name(local)))
        first = line.with_changes(
            body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(local))], value=read)]
        )
        second = line.with_changes(body=[assign.with_changes(value=swapped)], leading_lines=[])
        return [(line, cst.FlattenSentinel([first, second]))]


class _ReplaceEqual(cst.CSTTransformer):
    """Every node equal to ``old`` (``deep_equals``) becomes ``new``."""

    old: ClassVar[cst.CSTNode]

    def __init__(self, old: cst.CSTNode, new: cst.CSTNode) -> None:
        self.old, self.new = old, new  # type: ignore[misc]

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        if isinstance(original_node, cst.BaseExpression) and original_node.deep_equals(self.old):
            return self.new
        return updated_node
