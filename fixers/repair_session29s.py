"""Repairs for script findings of the held-out script batches (session 29, helper-265; issue #23).

Each was checked on torch 2.13 (``tests/test_s29_repair_script.py``: the fixed text scripts,
the scripted model equals eager, eager is unchanged and no back-end that passed now fails).

``WhileTestRefinesOptional`` (TL213, safe): ``while cur is not None and steps < n:`` whose body
uses the Optional local ``cur`` where TorchScript does not refine it (a loop test refines
nothing in the body) -> ``assert cur is not None`` first in the body. Only where nothing in the
body binds ``cur`` before the use (every binding is in a later statement of the body, outside
any loop holding the use): the test has just found ``cur`` not None, so the assert never fails
and eager runs as before; TorchScript refines ``cur`` from the assert.

``PropertyOptionalToLocal`` (TL213, safe): ``if self.mask is not None: y = y * self.mask`` where
``mask`` is a ``@property`` whose getter only returns an attribute of ``self`` -> the property
read once into a local, tested and used (``LocalForOptionalAttribute``'s rewrite). Only where
the class has no setter for it and nothing outside an ``__init__`` binds the property's name or
the attribute it returns: each read gives the same object as before.

``StrConversionToCall`` (TL204, safe): ``f"logits_{self.mode!s}"`` -> ``f"logits_{str(self.mode)}"``.
Python formats ``{v!s}`` as ``format(str(v), "")``, which is ``str(v)``, and ``{str(v)}`` as
``format(str(v), "")`` too: the same text. TorchScript compiles ``str()`` in an f-string, not a
conversion. Only without a format spec.

``PercentFormatToConcat`` (TL204, safe): ``"layer%02d" % i`` -> ``"layer" + str(i).zfill(2)``
(``%d`` / ``%i`` / ``%s`` -> ``str(v)``, ``%%`` -> ``%``). TorchScript's ``%`` takes no width
(torch 2.13: The specifier %0 is not supported); for an int, ``%0<N>d`` pads the digits after
the sign with zeros to ``N`` characters, which ``zfill`` does to ``str(v)``. Only where every
value is surely an int (``ZeroPadToZfill``'s test: an int literal, a size, a ``range`` loop
index), every width a literal and the values one expression or a tuple display of them.

``IterNextToIndex`` (TL209, unsafe): ``it = iter(self.blocks)``, ``stem = next(it)`` (k such
statements), ``for blk in it: <body>`` -> ``stem = self.blocks[0]``, ... and ``for i, blk in
enumerate(self.blocks): if i >= k: <body>`` (TorchScript has no ``iter`` / ``next``, and unrolls
a ModuleList loop, where neither a slice nor ``continue`` is allowed). Only for an attribute
bound once, in ``__init__``, to a ``ModuleList`` / ``Sequential`` / ``ParameterList`` or a list
display, and an ``it`` used nowhere else. Unsafe: a container shorter than k raised
``StopIteration`` and now raises ``IndexError``.

``NonzeroAsTupleToWhere`` (TL215, safe): ``torch.nonzero(m, as_tuple=True)`` /
``m.nonzero(as_tuple=True)`` -> ``torch.where(m)``, which torch documents as identical (checked
for 0-d, empty and 2-d masks: the same tuple of index tensors) and TorchScript compiles.

``MathProdToLoop`` (TL209, safe): ``math.prod(values)`` -> ``_prod(values)``, a function of the
file that multiplies from 1 left to right as ``math.prod`` does, typed ``List[int] -> int`` for
TorchScript (sizes are ints there). Eager computes the same products in the same order.

``FloatInfoThroughPython`` (TL209, unsafe): ``torch.finfo(t.dtype).min`` (any of ``min``,
``max``, ``eps``, ``tiny``, ``smallest_normal``, ``resolution``, ``bits``; also
``torch.iinfo``) -> ``_finfo_min(t)``, an ``@torch.jit.ignore`` function of the file taking the
tensor (TorchScript passes a dtype to Python as an int, which ``finfo`` refuses). Unsafe as
every ignored call: the scripted model calls back into Python, so ``torch.jit.save`` refuses it.

``AutogradContextOutsideScript`` (TL206, unsafe): ``with torch.autograd.set_detect_anomaly(f):``
(also ``detect_anomaly``, ``torch.autograd.graph.save_on_cpu``: contexts that change how
autograd checks or stores what it saves, never a value) -> ``if torch.jit.is_scripting():
<body>`` ``else: with ...: <body>`` (TorchScript compiles only the first branch). Unsafe: the
scripted model no longer detects anomalies or offloads saved tensors.

``GradFnTestToIsLeaf`` (TL205, unsafe): ``t.grad_fn is not None`` -> ``not t.is_leaf``
(``is None`` -> ``t.is_leaf``): a tensor is a leaf exactly when autograd records no function
for it. Unsafe: a view whose base was changed in place by an op needing gradients gets its
``grad_fn`` only when it is read, and ``is_leaf`` does not read it.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_assignments, self_attribute
from torchlint.lint.semantic.kinds import Kind

from ._shared import (
    class_methods,
    contains,
    fresh_name,
    module_bindings,
    names_in,
    self_attribute_of_class,
    variable_uses,
)
from .script_fstring_zero_pad import ZeroPadToZfill
from .script_heldout19 import _Swap, _top_statement
from .script_optional_attribute import LocalForOptionalAttribute


def _target_names(node: cst.CSTNode) -> set[str]:
    """The names a binding statement (or ``for`` / ``with`` / walrus) binds."""
    targets: list[cst.CSTNode] = []
    if isinstance(node, cst.Assign):
        targets = [t.target for t in node.targets]
    elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr)):
        targets = [node.target]
    elif isinstance(node, cst.AsName):
        targets = [node.name]
    elif isinstance(node, (cst.Global, cst.Nonlocal)):
        return {n.name.value for n in node.names}
    found: set[str] = set()
    for target in targets:
        if isinstance(target, cst.Name):
            found.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            found |= {n.value for n in names_in(target)}
        elif isinstance(target, cst.StarredElement):
            found |= {n.value for n in names_in(target)}
    return found


def _parameters(function: cst.FunctionDef) -> list[cst.Param]:
    params = function.params
    star = [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    return [*params.posonly_params, *params.params, *params.kwonly_params, *star]


def _nodes(root: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []
    contains(root, lambda n: found.append(n) is not None)
    return found


def _binds(root: cst.CSTNode, name: str) -> bool:
    return contains(root, lambda n: name in _target_names(n))


def _is_none_test(test: cst.BaseExpression, name: str, operator: type) -> bool:
    """``name is not None`` (``operator`` IsNot) or ``name is None``, unparenthesised or not."""
    return (
        isinstance(test, cst.Comparison)
        and len(test.comparisons) == 1
        and isinstance(test.comparisons[0].operator, operator)
        and isinstance(test.left, cst.Name)
        and test.left.value == name
        and isinstance(test.comparisons[0].comparator, cst.Name)
        and test.comparisons[0].comparator.value == "None"
    )


def _conjuncts(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _conjuncts(test.left) + _conjuncts(test.right)
    return [test]


def _helper_replacements(
    fixer: Fixer, node: cst.CSTNode, new: cst.CSTNode, helper: str, text: str
) -> Optional[list[Replacement]]:
    """``node`` -> ``new`` (a call of ``helper``), with ``text`` (the helper's definition) added
    before the top-level statement holding ``node`` unless the file defines it already as
    ``text``; None where the name means something else."""
    function = fixer.enclosing_function(node)
    if function is not None and any(n.value == helper for n in names_in(function)):
        return None  # a local of that name would hide the helper
    existing = [
        s
        for s in fixer.ctx.module.body
        if isinstance(s, cst.FunctionDef) and s.name.value == helper
    ]
    if existing:
        same = fixer.code(existing[0]).strip() == text.strip()
        return [(node, new)] if same else None
    if helper in module_bindings(fixer.ctx.module):
        return None
    top = _top_statement(fixer, node)
    if top is None:
        return None
    definition = cst.parse_statement(text).with_changes(leading_lines=top.leading_lines)
    blank = [cst.EmptyLine(indent=False), cst.EmptyLine(indent=False)]
    rest = top.visit(_Swap(node, new)).with_changes(leading_lines=blank)
    return [(top, cst.FlattenSentinel([definition, rest]))]


class WhileTestRefinesOptional(Fixer):
    codes = ("TL213",)
    applicability = "safe"
    message = "assert the loop's `is not None` test first in its body, which TorchScript refines"

    _MESSAGE = re.compile(r"^`(\w+)` is Optional")

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = self._MESSAGE.match(diagnostic.message)
        use = diagnostic.node
        if found is None or use is None:
            return None
        name = found.group(1)
        function = self.enclosing_function(use)
        if function is None:
            return None
        child: cst.CSTNode = use
        for ancestor in self.ancestors(use):
            if ancestor is function:
                return None
            if isinstance(ancestor, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return None
            if isinstance(ancestor, cst.While) and child is ancestor.body:
                return self._assert_first(ancestor, use, name)
            if isinstance(ancestor, (cst.For, cst.While)) and _binds(ancestor, name):
                return None  # a binding in a loop around the use reaches it on the next pass
            child = ancestor
        return None

    def _assert_first(
        self, loop: cst.While, use: cst.CSTNode, name: str
    ) -> Optional[list[Replacement]]:
        if loop.orelse is not None or not isinstance(loop.body, cst.IndentedBlock):
            return None
        if not any(_is_none_test(t, name, cst.IsNot) for t in _conjuncts(loop.test)):
            return None
        statements = list(loop.body.body)
        holder = next((s for s in statements if s is use or s in self.ancestors(use)), None)
        if holder is None:
            return None
        if any(_binds(s, name) for s in statements[: statements.index(holder)]):
            return None
        if _binds(holder, name) and self._bound_before(holder, use, name):
            return None
        first = statements[0]
        assertion = cst.parse_statement(f"assert {name} is not None\n")
        if (
            isinstance(first, cst.SimpleStatementLine)
            and self.code(first).strip() == self.code(assertion).strip()
        ):
            return None
        return [
            (
                first,
                cst.FlattenSentinel([assertion, first]),
            )
        ]

    def _bound_before(self, holder: cst.CSTNode, use: cst.CSTNode, name: str) -> bool:
        """Whether a binding of ``name`` inside ``holder`` can run before ``use``: any binding
        there unless ``holder`` is a simple statement whose binding is its own target."""
        return not isinstance(holder, cst.SimpleStatementLine)


class PropertyOptionalToLocal(LocalForOptionalAttribute):
    message = "bind the Optional property to a local and test that (TorchScript refines locals)"

    _PROPERTY = re.compile(r"^`self\.(\w+)` is a property returning `Optional")

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = self._PROPERTY.match(diagnostic.message)
        node = diagnostic.node
        if found is None or node is None:
            return None
        name = found.group(1)
        cls = next((a for a in self.ancestors(node) if isinstance(a, cst.ClassDef)), None)
        if cls is None:
            return None
        getters = [f for f in class_methods(cls) if f.name.value == name]
        if len(getters) != 1 or not self._plain_getter(getters[0]):
            return None
        held = self._returned_attribute(getters[0])
        if held is None or not self._assigned_only_in_init(name):
            return None
        if not self._assigned_only_in_init(held):
            return None
        as_attribute = dataclasses.replace(
            diagnostic, message=f"`self.{name}` is annotated Optional in the class body"
        )
        as_attribute.node = node
        return super().fix(as_attribute)

    def _plain_getter(self, getter: cst.FunctionDef) -> bool:
        return (
            len(getter.decorators) == 1
            and isinstance(getter.decorators[0].decorator, cst.Name)
            and getter.decorators[0].decorator.value == "property"
            and self.ctx.qualified_name(cst.Name("property")) in (None, "builtins.property")
        )

    def _returned_attribute(self, getter: cst.FunctionDef) -> Optional[str]:
        """``attr`` where the getter's body is ``return self.attr`` alone (a docstring
        allowed)."""
        body = getter.body
        if not isinstance(body, cst.IndentedBlock):
            return None
        lines = [
            s
            for s in body.body
            if not (
                isinstance(s, cst.SimpleStatementLine)
                and len(s.body) == 1
                and isinstance(s.body[0], cst.Expr)
                and isinstance(s.body[0].value, cst.SimpleString)
            )
        ]
        if len(lines) != 1 or not isinstance(lines[0], cst.SimpleStatementLine):
            return None
        statement = lines[0].body[0] if len(lines[0].body) == 1 else None
        value = statement.value if isinstance(statement, cst.Return) else None
        return self_attribute(value) if value is not None else None


class StrConversionToCall(Fixer):
    codes = ("TL204",)
    applicability = "safe"
    message = "call `str()` in the f-string instead of the `!s` conversion (TorchScript has none)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        part = diagnostic.node
        if not isinstance(part, cst.FormattedStringExpression):
            return None
        if part.conversion != "s" or part.format_spec is not None or part.equal is not None:
            return None
        if self.ctx.qualified_name(cst.Name("str")) not in (None, "builtins.str"):
            return None
        function = self.enclosing_function(part)
        if function is not None and (
            _binds(function.body, "str")
            or any(p.name.value == "str" for p in _parameters(function))
        ):
            return None  # a local `str` would be called
        call = cst.Call(func=cst.Name("str"), args=[cst.Arg(part.expression)])
        return [(part, part.with_changes(expression=call, conversion=None))]


def _literal(text: str, quote: str) -> str:
    """``text`` as a string literal in the source's quotes where it needs no escape."""
    if len(quote) == 1 and quote not in text and "\\" not in text and text.isprintable():
        return f"{quote}{text}{quote}"
    return repr(text)


_SPEC = re.compile(r"%(?:0([1-9][0-9]*))?([disf%])|%")


class PercentFormatToConcat(ZeroPadToZfill):
    codes = ("TL204",)
    applicability = "safe"
    message = "build the text with `+`, `str(n)` and `zfill` (TorchScript's `%` has no width)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not (
            isinstance(node, cst.BinaryOperation)
            and isinstance(node.operator, cst.Modulo)
            and isinstance(node.left, cst.SimpleString)
            and node.left.prefix.lower() in ("", "u")
            and not node.lpar
        ):
            return None
        text = ast.literal_eval(node.left.value)
        right = node.right
        if isinstance(right, cst.Tuple):
            if any(not isinstance(e, cst.Element) for e in right.elements):
                return None
            values = [e.value for e in right.elements]
        else:
            values = [right]
        pieces: list[str] = []
        literal = ""
        at = 0
        used = 0
        for found in _SPEC.finditer(text):
            literal += text[at : found.start()]
            at = found.end()
            kind = found.group(2)
            if kind is None or kind == "f":
                return None  # a flag, a precision or a specifier str() does not write alike
            if kind == "%":
                literal += "%"
                continue
            if used >= len(values) or not self._surely_int(values[used]):
                return None
            value = self.code(values[used]).strip()
            if "\n" in value or "\\" in value:
                return None
            used += 1
            if literal:
                pieces.append(_literal(literal, node.left.quote))
                literal = ""
            width = found.group(1)
            if width is not None and kind not in ("d", "i"):
                return None
            pieces.append(f"str({value})" + (f".zfill({width})" if width else ""))
        literal += text[at:]
        if literal:
            pieces.append(_literal(literal, node.left.quote))
        if used != len(values) or not pieces:
            return None
        if self.ctx.qualified_name(cst.Name("str")) not in (None, "builtins.str"):
            return None
        joined = " + ".join(pieces)
        if len(pieces) > 1 and self._binds_tighter(node):
            joined = f"({joined})"
        return [(node, cst.parse_expression(joined))]

    def _surely_int(self, value: cst.BaseExpression) -> bool:
        """``ZeroPadToZfill``'s ints, and a name the function binds only as the count of
        ``for i, x in enumerate(xs)`` (no ``start``)."""
        if super()._surely_int(value):
            return True
        function = self.enclosing_function(value)
        if not isinstance(value, cst.Name) or function is None:
            return False
        loops = []
        for node in _nodes(function.body):
            if value.value not in _target_names(node):
                continue
            if not (
                isinstance(node, cst.For)
                and isinstance(node.target, cst.Tuple)
                and len(node.target.elements) == 2
                and isinstance(node.target.elements[0].value, cst.Name)
                and node.target.elements[0].value.value == value.value
                and value.value not in {n.value for n in names_in(node.target.elements[1])}
                and isinstance(node.iter, cst.Call)
                and isinstance(node.iter.func, cst.Name)
                and node.iter.func.value == "enumerate"
                and len(node.iter.args) == 1
                and node.iter.args[0].keyword is None
                and not node.iter.args[0].star
                and self.ctx.qualified_name(node.iter.func) in (None, "builtins.enumerate")
            ):
                return False
            loops.append(node)
        params = {p.name.value for p in _parameters(function)}
        return bool(loops) and value.value not in params

    def _binds_tighter(self, node: cst.CSTNode) -> bool:
        parent = self.parent(node)
        if isinstance(parent, (cst.BinaryOperation, cst.UnaryOperation)):
            return True
        if isinstance(parent, cst.Attribute) and parent.value is node:
            return True
        if isinstance(parent, cst.Subscript) and parent.value is node:
            return True
        return isinstance(parent, cst.Call) and parent.func is node


_SEQUENCES = {
    "torch.nn.ModuleList",
    "torch.nn.Sequential",
    "torch.nn.ParameterList",
    "torch.nn.modules.container.ModuleList",
    "torch.nn.modules.container.Sequential",
    "torch.nn.modules.container.ParameterList",
}


class IterNextToIndex(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "take the first items by index and skip them in the loop (TorchScript has no `iter`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Name)
            and call.func.value == "iter"
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
            and self.ctx.qualified_name(call.func) in (None, "builtins.iter")
        ):
            return None
        held = call.args[0].value
        if not self._sequence_attribute(held):
            return None
        assign = self.parent(call)
        line = self.parent(assign) if assign is not None else None
        block = self.parent(line) if line is not None else None
        if not (
            isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
            and isinstance(line, cst.SimpleStatementLine)
            and len(line.body) == 1
            and isinstance(block, cst.IndentedBlock)
        ):
            return None
        it = assign.targets[0].target.value
        function = self.enclosing_function(call)
        if function is None:
            return None
        statements = list(block.body)
        here = statements.index(line)
        taken: list[tuple[cst.SimpleStatementLine, cst.Assign]] = []
        loop: Optional[cst.For] = None
        between: list[cst.BaseStatement] = [line]
        for statement in statements[here + 1 :]:
            nxt = self._next_of(statement, it)
            if nxt is not None:
                taken.append((statement, nxt))  # type: ignore[arg-type]
            elif (
                isinstance(statement, cst.For)
                and isinstance(statement.iter, cst.Name)
                and statement.iter.value == it
                and statement.orelse is None
                and statement.asynchronous is None
                and isinstance(statement.body, cst.IndentedBlock)
            ):
                loop = statement
                break
            elif any(n.value == it for n in names_in(statement)):
                return None
            between.append(statement)
        if loop is None or not taken:
            return None
        if len(variable_uses(self, function, it)) != len(taken) + 2:
            return None  # `it` is used elsewhere
        if any(_binds(s, "self") for s in between) or _binds(loop.body, "self"):
            return None
        spelled = self.code(held).strip()
        index = fresh_name(self, call, "index", "i")
        replacements: list[Replacement] = [(line, cst.RemovalSentinel.REMOVE)]
        for position, (statement, nxt) in enumerate(taken):
            value = cst.parse_expression(f"{spelled}[{position}]")
            new = statement.with_changes(body=[nxt.with_changes(value=value)])
            if position == 0:
                new = new.with_changes(leading_lines=line.leading_lines)
            replacements.append((statement, new))
        guarded = cst.If(
            test=cst.parse_expression(f"{index} >= {len(taken)}"),
            body=loop.body.with_changes(header=cst.TrailingWhitespace()),
        )
        new_loop = loop.with_changes(
            target=cst.Tuple(
                [cst.Element(cst.Name(index)), cst.Element(loop.target)], lpar=[], rpar=[]
            ),
            iter=cst.parse_expression(f"enumerate({spelled})"),
            body=cst.IndentedBlock(body=[guarded], header=loop.body.header),
        )
        replacements.append((loop, new_loop))
        return replacements

    def _next_of(self, statement: cst.CSTNode, it: str) -> Optional[cst.Assign]:
        """The assignment of ``name = next(it)``."""
        if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
            return None
        assign = statement.body[0]
        if not (
            isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
            and assign.targets[0].target.value != it
        ):
            return None
        value = assign.value
        if (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Name)
            and value.func.value == "next"
            and len(value.args) == 1
            and isinstance(value.args[0].value, cst.Name)
            and value.args[0].value.value == it
            and self.ctx.qualified_name(value.func) in (None, "builtins.next")
        ):
            return assign
        return None

    def _sequence_attribute(self, held: cst.BaseExpression) -> bool:
        """``self.attr`` bound once in the class, in ``__init__``, to a ModuleList /
        Sequential / ParameterList or a list display."""
        found = self_attribute_of_class(self, held)
        if found is None:
            return False
        attr, cls = found
        bound = [(f, v) for f in class_methods(cls) for v in self_assignments(f, attr)]
        if len(bound) != 1 or bound[0][0].name.value != "__init__":
            return False
        value = bound[0][1]
        if isinstance(value, (cst.List, cst.ListComp)):
            return True
        return isinstance(value, cst.Call) and self.ctx.qualified_name(value.func) in _SEQUENCES


class NonzeroAsTupleToWhere(Fixer):
    codes = ("TL215",)
    applicability = "safe"
    message = "use `torch.where(mask)`, which is `nonzero(as_tuple=True)` and TorchScript compiles"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        keyword = [a for a in call.args if a.keyword is not None]
        positional = [a for a in call.args if a.keyword is None]
        if (
            len(keyword) != 1
            or keyword[0].keyword.value != "as_tuple"  # type: ignore[union-attr]
            or not (isinstance(keyword[0].value, cst.Name) and keyword[0].value.value == "True")
            or any(a.star for a in call.args)
        ):
            return None
        if self.ctx.qualified_name(call.func) == "torch.nonzero" and len(positional) == 1:
            mask = positional[0].value
        elif (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "nonzero"
            and not positional
            and self.ctx.qualified_name(call.func) is None
        ):
            mask = call.func.value
            if mask.lpar and not isinstance(mask, (cst.Tuple, cst.GeneratorExp, cst.Yield)):
                mask = mask.with_changes(lpar=[], rpar=[])  # an argument needs no parentheses
        else:
            return None
        torch = self.import_module("torch")
        new = cst.Call(
            func=cst.parse_expression(f"{torch}.where"),
            args=[cst.Arg(mask)],
            lpar=call.lpar,
            rpar=call.rpar,
        )
        return [(call, new)]


_PROD = """\
def {name}(values: {list_}[int]) -> int:
    product = 1
    for value in values:
        product = product * value
    return product
"""


class MathProdToLoop(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "multiply in a loop of a function of the file (TorchScript has no `math.prod`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and self.ctx.qualified_name(call.func) == "math.prod"
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
        ):
            return None
        helper = "_prod"
        list_ = self.import_from("typing", "List")
        text = _PROD.format(name=helper, list_=list_)
        new = call.with_changes(func=cst.Name(helper))
        return _helper_replacements(self, call, new, helper, text)


_INFO_FLOAT = {"min", "max", "eps", "tiny", "smallest_normal", "resolution"}
_INFO_HELPER = """\
@{torch}.jit.ignore
def {name}(t: {torch}.Tensor) -> {returns}:
    return {torch}.{info}(t.dtype).{attr}
"""


class FloatInfoThroughPython(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "read the dtype's limits in an `@torch.jit.ignore` function of the file"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (isinstance(call, cst.Call) and len(call.args) == 1 and not call.args[0].keyword):
            return None
        info = self.ctx.qualified_name(call.func)
        if info not in ("torch.finfo", "torch.iinfo"):
            return None
        read = self.parent(call)
        if not (isinstance(read, cst.Attribute) and read.value is call):
            return None
        attr = read.attr.value
        if attr == "bits" or (info == "torch.iinfo" and attr in ("min", "max")):
            returns = "int"
        elif info == "torch.finfo" and attr in _INFO_FLOAT:
            returns = "float"
        else:
            return None
        dtype = call.args[0].value
        if not (isinstance(dtype, cst.Attribute) and dtype.attr.value == "dtype"):
            return None
        tensor = dtype.value
        if contains(tensor, lambda n: isinstance(n, (cst.Call, cst.Lambda, cst.NamedExpr))):
            return None
        torch = self.import_module("torch")
        helper = f"_{info[len('torch.') :]}_{attr}"
        text = _INFO_HELPER.format(
            torch=torch, name=helper, returns=returns, info=info[len("torch.") :], attr=attr
        )
        new = cst.Call(func=cst.Name(helper), args=[cst.Arg(tensor)])
        return _helper_replacements(self, read, new, helper, text)


_VALUE_NEUTRAL_CONTEXTS = {
    "torch.autograd.set_detect_anomaly",
    "torch.autograd.detect_anomaly",
    "torch.autograd.anomaly_mode.set_detect_anomaly",
    "torch.autograd.anomaly_mode.detect_anomaly",
    "torch.autograd.graph.save_on_cpu",
}


def _single_with(fixer: Fixer, node: cst.CSTNode) -> Optional[tuple[cst.With, cst.WithItem]]:
    """The plain ``with`` of one context (no ``async``) holding ``node``, and its item."""
    statement = next((a for a in [node, *fixer.ancestors(node)] if isinstance(a, cst.With)), None)
    if statement is None or len(statement.items) != 1 or statement.asynchronous:
        return None
    return statement, statement.items[0]


class AutogradContextOutsideScript(Fixer):
    codes = ("TL206",)
    applicability = "unsafe"
    message = (
        "enter the context only outside TorchScript (`if torch.jit.is_scripting():` runs the "
        "body without it)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _single_with(self, diagnostic.node)
        if found is None:
            return None
        statement, item = found
        if item.asname is not None or not isinstance(item.item, cst.Call):
            return None
        if self.ctx.qualified_name(item.item.func) not in _VALUE_NEUTRAL_CONTEXTS:
            return None
        if not isinstance(statement.body, cst.IndentedBlock) or not isinstance(
            self.parent(statement), cst.IndentedBlock
        ):
            return None
        torch = self.import_module("torch")
        body = statement.body.with_changes(header=cst.TrailingWhitespace())
        new = cst.If(
            test=cst.parse_expression(f"{torch}.jit.is_scripting()"),
            body=body,
            orelse=cst.Else(
                body=cst.IndentedBlock(body=[statement.with_changes(leading_lines=())])
            ),
            leading_lines=statement.leading_lines,
        )
        return [(statement, new)]


class GradFnTestToIsLeaf(Fixer):
    codes = ("TL205",)
    applicability = "unsafe"
    message = "test `is_leaf`, which TorchScript has (a tensor with a `grad_fn` is no leaf)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        read = diagnostic.node
        if not (isinstance(read, cst.Attribute) and read.attr.value == "grad_fn"):
            return None
        test = self.parent(read)
        if not (
            isinstance(test, cst.Comparison)
            and test.left is read
            and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, (cst.Is, cst.IsNot))
            and isinstance(test.comparisons[0].comparator, cst.Name)
            and test.comparisons[0].comparator.value == "None"
        ):
            return None
        tensor = self.code(read.value).strip()
        if "\n" in tensor:
            return None
        negated = isinstance(test.comparisons[0].operator, cst.IsNot)
        text = f"not {tensor}.is_leaf" if negated else f"{tensor}.is_leaf"
        new = cst.parse_expression(text).with_changes(lpar=test.lpar, rpar=test.rpar)
        if negated and isinstance(self.parent(test), (cst.BinaryOperation, cst.Comparison)):
            new = new.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        return [(test, new)]


DEVICE_QUERIES = {
    "torch.cuda.get_device_capability": "Tuple[int, int]",
    "torch.cuda.get_device_name": "str",
}
_DEVICE_HELPER = """\
@{torch}.jit.ignore
def {name}(device: {torch}.device) -> {returns}:
    return {torch}.{api}(device)
"""


class DeviceQueryThroughPython(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "ask CUDA about the device through an `@torch.jit.ignore` function of the file"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
        ):
            return None
        api = self.ctx.qualified_name(call.func)
        returns = DEVICE_QUERIES.get(api or "")
        device = call.args[0].value
        if api is None or returns is None:
            return None
        if not (isinstance(device, cst.Attribute) and device.attr.value == "device"):
            return None  # an index or a string is no torch.device for TorchScript
        torch = self.import_module("torch")
        if "Tuple" in returns:
            returns = returns.replace("Tuple", self.import_from("typing", "Tuple"))
        helper = "_" + api[len("torch.") :].replace(".", "_")
        text = _DEVICE_HELPER.format(
            torch=torch, name=helper, returns=returns, api=api[len("torch.") :]
        )
        return _helper_replacements(
            self, call, call.with_changes(func=cst.Name(helper)), helper, text
        )


class InitConstantToAttribute(Fixer):
    """``offset = zlib.crc32(self.field.encode()) % self.buckets`` in a method -> the value
    computed once in ``__init__`` (``self._field_crc32 = zlib.crc32(...) % self.buckets``,
    after the last binding it reads) and ``offset = self._field_crc32``. Only where the
    expression reads nothing but attributes of ``self`` each bound once in the class, by a
    top-level statement of ``__init__`` (nothing else in the file binds them), names the module
    binds at its top level (imports, functions) and literals; and mentions no torch (a tensor
    held as a plain attribute would not follow the module's device).

    Unsafe: an attribute rebound after construction (from outside the class) is no longer seen,
    and the expression runs once, at construction, instead of on every call.
    """

    codes = ("TL209",)
    applicability = "unsafe"
    message = "compute the value once in `__init__` from the settings it reads, and keep it"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        function = self.enclosing_function(node) if node is not None else None
        if function is None or function.name.value == "__init__":
            return None
        cls = self.parent(self.parent(function) or function)
        if not isinstance(cls, cst.ClassDef):
            return None
        init = next((f for f in class_methods(cls) if f.name.value == "__init__"), None)
        if init is None or not isinstance(init.body, cst.IndentedBlock):
            return None
        module_names = module_bindings(self.ctx.module)
        if self._reads(node, cls, init, module_names) is None:  # type: ignore[arg-type]
            return None
        expression: cst.BaseExpression = node  # type: ignore[assignment]
        while True:
            parent = self.parent(expression)
            if isinstance(parent, cst.Arg):
                parent = self.parent(parent)
            if not isinstance(parent, cst.BaseExpression) or isinstance(
                parent, (cst.Lambda, cst.GeneratorExp, cst.ListComp, cst.DictComp, cst.SetComp)
            ):
                break
            if self._reads(parent, cls, init, module_names) is None:
                break
            expression = parent
        attrs = self._reads(expression, cls, init, module_names)
        if not attrs or not self._library_call(expression, module_names):
            return None
        if not self._plain_value(expression):
            return None
        stored = self.parent(expression)
        if (
            isinstance(stored, (cst.AssignTarget, cst.AugAssign))
            and getattr(stored, "target", None) is expression
        ):
            return None
        statements = list(init.body.body)
        last = max(statements.index(self._binding(init, a)) for a in attrs)  # type: ignore[arg-type]
        callee = self._callee(expression)
        spelled = {n.value for n in names_in(cls)}
        first = re.search(r"\bself\.(\w+)", self.code(expression))
        head = first.group(1) if first else sorted(attrs)[0]
        base = f"_{head.lstrip('_')}" + (f"_{callee}" if callee else "_value")
        name = base if base not in spelled else None
        anchor = statements[last]
        store = f"self.{base} = {self.code(expression).strip()}"
        if "\n" in store or "\\" in store:
            return None
        if name is None:
            return None
        added = cst.parse_statement(store + "\n")
        return [
            (expression, cst.parse_expression(f"self.{base}")),
            (anchor, cst.FlattenSentinel([anchor, added])),
        ]

    def _plain_value(self, expression: cst.BaseExpression) -> bool:
        """Whether the value is surely a number, bool or str (what TorchScript types as an
        attribute): arithmetic, a comparison, a boolean operation, or ``int()`` / ``float()``
        / ``bool()`` / ``str()`` / ``len()`` of something; not an object a library call made
        (an ``islice``, a signature's ``mappingproxy``)."""
        if isinstance(expression, cst.BinaryOperation):
            return not isinstance(expression.operator, (cst.MatrixMultiply,))
        if isinstance(expression, (cst.UnaryOperation, cst.Comparison, cst.BooleanOperation)):
            return True
        return (
            isinstance(expression, cst.Call)
            and isinstance(expression.func, cst.Name)
            and expression.func.value in ("int", "float", "bool", "str", "len")
            and self.ctx.qualified_name(expression.func)
            in (None, f"builtins.{expression.func.value}")
        )

    def _library_call(self, expression: cst.BaseExpression, module_names: set[str]) -> bool:
        """Whether ``expression`` calls a function of a Python library the file imports
        (``zlib.crc32``), which is what TorchScript cannot compile: a value made only by
        methods of the settings (``self.name.encode()``) may be no value TorchScript types."""
        calls: list[cst.Call] = []
        contains(expression, lambda n: isinstance(n, cst.Call) and calls.append(n) is not None)
        for call in calls:
            root: cst.BaseExpression = call.func
            while isinstance(root, cst.Attribute):
                root = root.value
            if not isinstance(root, cst.Name) or root.value not in module_names:
                continue
            qualified = self.ctx.qualified_name(call.func) or ""
            local = any(
                isinstance(s, (cst.FunctionDef, cst.ClassDef)) and s.name.value == root.value
                for s in self.ctx.module.body
            )
            if qualified and not qualified.startswith("torch") and not local:
                return True
        return False

    def _callee(self, expression: cst.BaseExpression) -> Optional[str]:
        calls: list[cst.Call] = []
        contains(expression, lambda n: isinstance(n, cst.Call) and calls.append(n) is not None)
        for call in calls:
            func = call.func
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
                if func.value.value in module_bindings(self.ctx.module):
                    return func.attr.value
            if isinstance(func, cst.Name):
                return func.value.lstrip("_")
        return None

    def _binding(self, init: cst.FunctionDef, attr: str) -> Optional[cst.BaseStatement]:
        """The top-level statement of ``__init__`` that binds ``self.attr`` alone."""
        for line in init.body.body:  # type: ignore[union-attr]
            if (
                isinstance(line, (cst.SimpleStatementLine))
                and len(line.body) == 1
                and isinstance(line.body[0], (cst.Assign, cst.AnnAssign))
                and self_assignments_in(line.body[0], attr)
            ):
                return line
        return None

    def _reads(
        self,
        expression: cst.CSTNode,
        cls: cst.ClassDef,
        init: cst.FunctionDef,
        module_names: set[str],
    ) -> Optional[set[str]]:
        """The attributes of ``self`` ``expression`` reads, when it reads nothing else but
        module-level names and literals; None otherwise."""
        attrs: set[str] = set()
        bad = False

        class _Visit(cst.CSTVisitor):
            def visit_Attribute(self_, node: cst.Attribute) -> bool:  # noqa: N805
                nonlocal bad
                attr = self_attribute(node)
                if attr is not None:
                    attrs.add(attr)
                    return False
                return True

            def visit_Name(self_, node: cst.Name) -> None:  # noqa: N805
                nonlocal bad
                if node.value not in module_names or node.value == "torch":
                    bad = True

            def visit_Arg(self_, node: cst.Arg) -> bool:  # noqa: N805
                node.value.visit(self_)
                return False

            def visit_Lambda(self_, node: cst.Lambda) -> bool:  # noqa: N805
                nonlocal bad
                bad = True
                return False

        # attribute names of other objects (``x.encode``) are not variables
        class _Names(_Visit):
            def visit_Attribute(self_, node: cst.Attribute) -> bool:  # noqa: N805
                attr = self_attribute(node)
                if attr is not None:
                    attrs.add(attr)
                    return False
                node.value.visit(self_)
                return False

        expression.visit(_Names())
        if bad or not attrs:
            return None
        for attr in attrs:
            bound = [v for f in class_methods(cls) for v in self_assignments(f, attr)]
            if len(bound) != 1 or self._binding(init, attr) is None:
                return None
            if any(f.name.value == attr for f in class_methods(cls)):
                return None
            if self._bound_elsewhere(attr):
                return None
        torch = {"torch"} | {
            n
            for n in module_names
            if (self.ctx.qualified_name(cst.Name(n)) or "").startswith("torch")
        }
        if any(n.value in torch for n in names_in(expression)):
            return None
        return attrs

    def _bound_elsewhere(self, attr: str) -> bool:
        """Whether a ``.attr = ...`` outside an ``__init__``, or ``setattr``, is in the file."""

        def bad(node: cst.CSTNode) -> bool:
            if isinstance(node, cst.Name) and node.value in ("setattr", "__dict__", "__setattr__"):
                return True
            targets: list[cst.BaseExpression] = []
            if isinstance(node, cst.Assign):
                targets = [t.target for t in node.targets]
            elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
                targets = [node.target]
            if not any(isinstance(t, cst.Attribute) and t.attr.value == attr for t in targets):
                return False
            function = self.enclosing_function(node)
            return function is None or function.name.value != "__init__"

        return contains(self.ctx.module, bad)


def self_assignments_in(statement: cst.BaseSmallStatement, attr: str) -> bool:
    targets: list[cst.BaseExpression] = []
    if isinstance(statement, cst.Assign):
        targets = [t.target for t in statement.targets]
    elif isinstance(statement, cst.AnnAssign):
        targets = [statement.target]
    return any(self_attribute(t) == attr for t in targets)


class OptionalItemToLocal(Fixer):
    """``if outputs[1] is not None: feats = feats + outputs[1].sum(1)`` -> ``outputs_1 =
    outputs[1]`` before the ``if``, which tests and uses ``outputs_1`` (TorchScript refines a
    local, never a subscript). Only for a local name bound once in the function, by a call,
    and subscripted by an int literal; the ``if`` (test, body and ``else``) reads the name only
    as such items and binds none of it, so each read gives the object read before."""

    codes = ("TL213",)
    applicability = "safe"
    message = "bind the Optional item to a local and test that (TorchScript refines locals)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        use = diagnostic.node
        function = self.enclosing_function(use) if use is not None else None
        if function is None:
            return None
        item = next(
            (
                n
                for n in [getattr(use, "value", None), use, *self.ancestors(use)]
                if isinstance(n, cst.Subscript) and self._item(n) is not None
            ),
            None,
        )
        if item is None:
            return None
        holder, index = self._item(item)  # type: ignore[misc]
        statement: Optional[cst.If] = None
        for ancestor in self.ancestors(item):
            if ancestor is function:
                break
            if isinstance(ancestor, cst.If) and any(
                self._tests(t, holder, index) for t in _conjuncts(ancestor.test)
            ):
                statement = ancestor
        if statement is None or isinstance(self.parent(statement), cst.If):
            return None  # an `elif`
        if not isinstance(self.parent(statement), cst.IndentedBlock):
            return None
        if not self._bound_once_by_call(function, holder) or _binds(statement, holder):
            return None
        reads = [n for n in names_in(statement) if n.value == holder]
        items = []
        contains(
            statement,
            lambda n: (
                isinstance(n, cst.Subscript)
                and self._item(n) is not None
                and items.append(n) is not None
            ),
        )
        if len(reads) != len(items):
            return None  # the name read otherwise than as an item
        local = fresh_name(self, statement, f"{holder}_{index}")
        target = cst.parse_expression(f"{holder}[{index}]")
        swapped = statement.visit(_EqualTo(target, cst.Name(local)))
        binding = cst.parse_statement(f"{local} = {holder}[{index}]\n").with_changes(
            leading_lines=statement.leading_lines
        )
        return [(statement, cst.FlattenSentinel([binding, swapped.with_changes(leading_lines=())]))]

    def _item(self, node: cst.Subscript) -> Optional[tuple[str, int]]:
        if not (
            isinstance(node.value, cst.Name)
            and len(node.slice) == 1
            and isinstance(node.slice[0].slice, cst.Index)
            and isinstance(node.slice[0].slice.value, cst.Integer)
        ):
            return None
        return node.value.value, int(node.slice[0].slice.value.value)

    def _tests(self, test: cst.BaseExpression, holder: str, index: int) -> bool:
        return (
            isinstance(test, cst.Comparison)
            and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.IsNot)
            and isinstance(test.left, cst.Subscript)
            and self._item(test.left) == (holder, index)
            and isinstance(test.comparisons[0].comparator, cst.Name)
            and test.comparisons[0].comparator.value == "None"
        )

    def _bound_once_by_call(self, function: cst.FunctionDef, name: str) -> bool:
        if any(p.name.value == name for p in _parameters(function)):
            return False
        bindings = [n for n in _nodes(function.body) if name in _target_names(n)]
        return (
            len(bindings) == 1
            and isinstance(bindings[0], cst.Assign)
            and len(bindings[0].targets) == 1
            and isinstance(bindings[0].targets[0].target, cst.Name)
            and isinstance(bindings[0].value, cst.Call)
        ) and not contains(
            function.body,
            lambda n: (
                isinstance(n, (cst.Global, cst.Nonlocal, cst.Del))
                and name in {m.value for m in names_in(n)}
            ),
        )


class _EqualTo(cst.CSTTransformer):
    def __init__(self, old: cst.CSTNode, new: cst.CSTNode) -> None:
        super().__init__()
        self.old, self.new = old, new

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        if isinstance(original_node, cst.Subscript) and original_node.deep_equals(self.old):
            return self.new.with_changes(lpar=original_node.lpar, rpar=original_node.rpar)
        return updated_node


class SubclassMadeStandalone(Fixer):
    """``spec = RatioSpec(32.0, 8, 0.5)`` in scripted code, where ``class RatioSpec(Spec)`` and
    ``Spec`` are plain classes of the file -> ``class RatioSpec:`` holding ``Spec``'s methods it
    does not override, with ``super().__init__(size, stride)`` replaced by the body of
    ``Spec.__init__`` (TorchScript classes have no inheritance). Only where both classes hold
    nothing but methods (and a docstring), have no decorators or keywords, ``Spec`` derives from
    nothing (or ``object``), ``RatioSpec`` calls ``super()`` only in that statement, which passes
    ``Spec.__init__``'s parameters by their own names, in order, and neither body uses
    ``super`` or ``__class__`` otherwise.

    Unsafe: ``isinstance(spec, Spec)`` is now false, and a later change to ``Spec`` no longer
    reaches ``RatioSpec``.
    """

    codes = ("TL226",)
    applicability = "unsafe"
    message = "give the class its base's methods and `__init__` body, deriving from nothing"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name):
            return None
        classes = {s.name.value: s for s in self.ctx.module.body if isinstance(s, cst.ClassDef)}
        sub = classes.get(call.func.value)
        if sub is None or len(sub.bases) != 1 or sub.keywords or sub.decorators:
            return None
        base_name = sub.bases[0].value
        if not isinstance(base_name, cst.Name) or base_name.value not in classes:
            return None
        base = classes[base_name.value]
        if base.keywords or base.decorators or base is sub:
            return None
        if any(
            not (isinstance(b.value, cst.Name) and b.value.value == "object") for b in base.bases
        ):
            return None
        sub_methods, base_methods = self._methods(sub), self._methods(base)
        if sub_methods is None or base_methods is None:
            return None
        sub_init = sub_methods.get("__init__")
        base_init = base_methods.get("__init__")
        if sub_init is None or not isinstance(sub_init.body, cst.IndentedBlock):
            return None
        supers = [n for n in names_in(sub) if n.value in ("super", "__class__")]
        if len(supers) != 1 or any(n.value in ("super", "__class__") for n in names_in(base)):
            return None
        line = next((s for s in sub_init.body.body if self._super_init(s) is not None), None)
        if line is None:
            return None
        args = self._super_init(line)
        if base_init is None:
            if args:
                return None
            inlined: list[cst.BaseStatement] = []
        else:
            params = base_init.params
            if (
                params.posonly_params
                or params.kwonly_params
                or isinstance(params.star_arg, cst.Param)
                or params.star_kwarg is not None
                or not params.params
                or params.params[0].name.value != "self"
                or not isinstance(base_init.body, cst.IndentedBlock)
            ):
                return None
            names = [p.name.value for p in params.params[1:]]
            if args != names:
                return None
            inlined = [
                s
                for s in base_init.body.body
                if not (isinstance(s, cst.SimpleStatementLine) and _docstring(s))
            ]
            if contains(base_init.body, lambda n: isinstance(n, (cst.Return, cst.Yield))):
                return None
            bound: set[str] = set()
            for node in _nodes(base_init.body):
                bound |= _target_names(node)
            if bound & {n.value for n in names_in(sub_init)}:
                return None  # a local of the base's body would meet one of the subclass's
        new_body = []
        for statement in sub_init.body.body:
            if statement is line:
                if inlined:
                    first = inlined[0].with_changes(leading_lines=line.leading_lines)
                    new_body.extend([first, *inlined[1:]])
                continue
            new_body.append(statement)
        if not new_body:
            new_body = [cst.SimpleStatementLine([cst.Pass()])]
        new_init = sub_init.with_changes(body=sub_init.body.with_changes(body=new_body))
        copied = [
            f.with_changes(leading_lines=[cst.EmptyLine(indent=False)])
            for name, f in base_methods.items()
            if name not in sub_methods and name != "__init__"
        ]
        body = []
        for statement in sub.body.body:  # type: ignore[union-attr]
            body.append(new_init if statement is sub_init else statement)
        body.extend(copied)
        new_class = sub.with_changes(
            bases=[],
            lpar=cst.MaybeSentinel.DEFAULT,
            rpar=cst.MaybeSentinel.DEFAULT,
            body=sub.body.with_changes(body=body),
        )
        return [(sub, new_class)]

    def _methods(self, cls: cst.ClassDef) -> Optional[dict[str, cst.FunctionDef]]:
        """The methods of a class holding only undecorated methods and a docstring."""
        if not isinstance(cls.body, cst.IndentedBlock):
            return None
        found: dict[str, cst.FunctionDef] = {}
        for statement in cls.body.body:
            if isinstance(statement, cst.FunctionDef) and not statement.decorators:
                if statement.name.value in found:
                    return None
                found[statement.name.value] = statement
            elif not (isinstance(statement, cst.SimpleStatementLine) and _docstring(statement)):
                return None
        return found

    def _super_init(self, statement: cst.CSTNode) -> Optional[list[str]]:
        """The argument names of ``super().__init__(a, b)`` standing alone as a statement."""
        if not (
            isinstance(statement, cst.SimpleStatementLine)
            and len(statement.body) == 1
            and isinstance(statement.body[0], cst.Expr)
        ):
            return None
        call = statement.body[0].value
        if not (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "__init__"
            and isinstance(call.func.value, cst.Call)
            and isinstance(call.func.value.func, cst.Name)
            and call.func.value.func.value == "super"
            and not call.func.value.args
        ):
            return None
        names = []
        for arg in call.args:
            if arg.keyword is not None or arg.star or not isinstance(arg.value, cst.Name):
                return None
            names.append(arg.value.value)
        return names


def _docstring(statement: cst.SimpleStatementLine) -> bool:
    return (
        len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


# torch.utils._device._device_constructors() of torch 2.13: the functions a
# `with torch.device(...)` block gives its device to (when they are passed none).
DEVICE_CONSTRUCTORS = {
    f"torch.{name}"
    for name in (
        "empty empty_permuted empty_strided ones arange bartlett_window blackman_window eye "
        "fft.fftfreq fft.rfftfreq full hamming_window hann_window kaiser_window linspace "
        "logspace rand randn randint randperm range tril_indices triu_indices zeros asarray "
        "tensor as_tensor scalar_tensor"
    ).split()
}


class DeviceContextToArguments(Fixer):
    """``with torch.device(x.device):`` whose body creates tensors only by torch's factory
    functions (``torch.linspace(...)``) -> the block's statements with ``device=x.device``
    passed to each factory call that passes no device (what the context does: torch gives its
    device to exactly those functions). Only where the device is ``<name or attribute
    chain>.device`` whose root the block does not rebind, and every other call of the block is
    a method of a value (``.view``, ``.expand``): no function, module or method of ``self``,
    which could create tensors inside.

    Unsafe: a tensor method implemented in Python that creates a tensor by a factory function
    got the context's device and now gets the default one.
    """

    codes = ("TL206",)
    applicability = "unsafe"
    message = (
        "pass the device to each factory call of the block (TorchScript has no device context)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _single_with(self, diagnostic.node)
        if found is None:
            return None
        statement, item = found
        context = item.item
        if item.asname is not None or not isinstance(context, cst.Call):
            return None
        if self.ctx.qualified_name(context.func) != "torch.device" or len(context.args) != 1:
            return None
        device = context.args[0].value
        if context.args[0].keyword is not None or not (
            isinstance(device, cst.Attribute) and device.attr.value == "device"
        ):
            return None
        root: cst.BaseExpression = device
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or _binds(statement.body, root.value):
            return None
        if not isinstance(statement.body, cst.IndentedBlock) or not isinstance(
            self.parent(statement), cst.IndentedBlock
        ):
            return None
        calls: list[cst.Call] = []
        contains(statement.body, lambda n: isinstance(n, cst.Call) and calls.append(n) is not None)
        if contains(statement.body, lambda n: isinstance(n, (cst.Lambda, cst.FunctionDef))):
            return None
        factories = []
        for call in calls:
            name = self.ctx.qualified_name(call.func)
            if name in DEVICE_CONSTRUCTORS:
                if any(a.star for a in call.args):
                    return None
                if not any(
                    a.keyword is not None and a.keyword.value == "device" for a in call.args
                ):
                    factories.append(call)
                continue
            if name is not None or not isinstance(call.func, cst.Attribute):
                return None  # a function: it may create tensors inside
            receiver = call.func.value
            while isinstance(receiver, (cst.Attribute, cst.Subscript)):
                receiver = receiver.value
            if isinstance(receiver, cst.Name) and (
                receiver.value == "self" or receiver.value in module_bindings(self.ctx.module)
            ):
                return None
        if not factories:
            return None
        spelled = self.code(device).strip()

        class _AddDevice(cst.CSTTransformer):
            def on_leave(self_, original_node, updated_node):  # type: ignore[override]  # noqa: N805
                if any(original_node is f for f in factories):
                    arg = cst.Arg(
                        value=cst.parse_expression(spelled),
                        keyword=cst.Name("device"),
                        equal=cst.AssignEqual(
                            whitespace_before=cst.SimpleWhitespace(""),
                            whitespace_after=cst.SimpleWhitespace(""),
                        ),
                    )
                    args = list(updated_node.args)
                    if args:
                        args[-1] = args[-1].with_changes(
                            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
                        )
                    return updated_node.with_changes(args=[*args, arg])
                return updated_node

        body = [s.visit(_AddDevice()) for s in statement.body.body]
        body[0] = body[0].with_changes(leading_lines=statement.leading_lines)
        return [(statement, cst.FlattenSentinel(body))]


class EmptyListsTypedByAppends(PercentFormatToConcat):
    """``groups = [[] for _ in range(n)]`` whose lists only ever get ints
    (``groups[k].append(pos)`` with ``pos`` surely an int: a literal, a size, a ``range`` or
    ``enumerate`` count) -> ``[torch.jit.annotate(List[int], []) for _ in range(n)]``.
    TorchScript types an empty list ``List[Tensor]``; ``torch.jit.annotate`` returns its
    value in eager, so nothing changes there (safe). Only where the name is bound once in the
    function, and every ``.append`` / ``.insert`` on one of its items passes such an int."""

    codes = ("TL217",)
    applicability = "safe"
    message = "annotate each empty list with the type of what is appended (`List[int]`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and isinstance(call.func.value, cst.Subscript)
            and isinstance(call.func.value.value, cst.Name)
        ):
            return None
        holder = call.func.value.value.value
        function = self.enclosing_function(call)
        if function is None or any(p.name.value == holder for p in _parameters(function)):
            return None
        bindings = [n for n in _nodes(function.body) if holder in _target_names(n)]
        if len(bindings) != 1 or not isinstance(bindings[0], cst.Assign):
            return None
        built = bindings[0].value
        if not (
            len(bindings[0].targets) == 1
            and isinstance(built, cst.ListComp)
            and isinstance(built.elt, cst.List)
            and not built.elt.elements
        ):
            return None
        for use in variable_uses(self, function, holder):
            item = self.parent(use)
            method = self.parent(item) if isinstance(item, cst.Subscript) else None
            if not (
                isinstance(method, cst.Attribute)
                and method.value is item
                and method.attr.value in ("append", "insert", "extend", "remove")
            ):
                continue
            added = self.parent(method)
            if not isinstance(added, cst.Call) or method.attr.value in ("extend",):
                return None
            values = [a.value for a in added.args]
            value = values[-1] if values else None
            if value is None or not self._surely_int(value):
                return None
        torch = self.import_module("torch")
        list_ = self.import_from("typing", "List")
        typed = cst.parse_expression(f"{torch}.jit.annotate({list_}[int], [])")
        return [(built.elt, typed)]


# The log-densities of torch 2.13's torch/distributions, as they compute them (after
# ``broadcast_all`` of the parameters, which broadcasting in the arithmetic does alike).
_LOG_PROBS = {
    "torch.distributions.Normal": (
        "normal",
        "    var = scale**2\n"
        "    return -((value - loc) ** 2) / (2 * var) - scale.log() - {math}.log({math}.sqrt(2 * {math}.pi))\n",
    ),
    "torch.distributions.Laplace": (
        "laplace",
        "    return -{torch}.log(2 * scale) - {torch}.abs(value - loc) / scale\n",
    ),
}
_LOG_PROB_ALIASES = {
    "torch.distributions.normal.Normal": "torch.distributions.Normal",
    "torch.distributions.laplace.Laplace": "torch.distributions.Laplace",
}


class DistributionLogProbFormula(Fixer):
    """``Normal(loc, scale).log_prob(value)`` (also ``Laplace``) in scripted code -> a
    function of the file computing the density as torch computes it
    (``_normal_log_prob(loc, scale, value)``: the same operations in the same order, the
    arguments evaluated in the same order). TorchScript compiles no distribution. Only where
    ``loc``, ``scale`` and ``value`` are tensors (a number parameter was made a tensor of the
    default dtype by the distribution) and the distribution is built for that one call.

    Unsafe: the distribution checked its arguments (a scale that is not positive, a NaN
    value raised ``ValueError``) and the formula returns what the arithmetic gives.
    """

    codes = ("TL209",)
    applicability = "unsafe"
    message = "compute the log-density with torch ops in a function of the file"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        built = diagnostic.node
        if not isinstance(built, cst.Call):
            return None
        api = self.ctx.qualified_name(built.func) or ""
        api = _LOG_PROB_ALIASES.get(api, api)
        if api not in _LOG_PROBS:
            return None
        method = self.parent(built)
        call = self.parent(method) if method is not None else None
        if not (
            isinstance(method, cst.Attribute)
            and method.value is built
            and method.attr.value == "log_prob"
            and isinstance(call, cst.Call)
            and call.func is method
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
        ):
            return None
        params = self._params(built)
        if params is None:
            return None
        loc, scale = params
        value = call.args[0].value
        if any(self.kind(e) is not Kind.TENSOR for e in (loc, scale, value)):
            return None
        short, body = _LOG_PROBS[api]
        torch = self.import_module("torch")
        math = self.import_module("math") if "{math}" in body else "math"
        helper = f"_{short}_log_prob"
        text = (
            f"def {helper}(loc: {torch}.Tensor, scale: {torch}.Tensor, value: {torch}.Tensor)"
            f" -> {torch}.Tensor:\n"
            f"    # {api[len('torch.distributions.') :]}(loc, scale).log_prob(value), without"
            " its argument checks\n" + body.format(torch=torch, math=math)
        )
        new = cst.Call(
            func=cst.Name(helper),
            args=[cst.Arg(loc), cst.Arg(scale), cst.Arg(value)],
            lpar=call.lpar,
            rpar=call.rpar,
        )
        return _helper_replacements(self, call, new, helper, text)

    def _params(self, built: cst.Call) -> Optional[tuple[cst.BaseExpression, cst.BaseExpression]]:
        found: dict[str, cst.BaseExpression] = {}
        names = ("loc", "scale")
        for position, arg in enumerate(built.args):
            if arg.star:
                return None
            if arg.keyword is None:
                if position >= 2:
                    return None
                found[names[position]] = arg.value
            elif arg.keyword.value in names:
                found[arg.keyword.value] = arg.value
            else:
                return None  # validate_args: keep the distribution
        if set(found) != set(names):
            return None
        positional = [a for a in built.args if a.keyword is None]
        keyword_order = [a.keyword.value for a in built.args if a.keyword is not None]
        if positional and keyword_order and keyword_order != list(names[len(positional) :]):
            return None
        if keyword_order and not positional and keyword_order != list(names):
            return None  # scale before loc: the helper would evaluate them in another order
        return found["loc"], found["scale"]
