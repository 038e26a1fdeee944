"""TL204 / TL205 / TL208 / TL209 / TL214 / TL215: Python spellings TorchScript rejects -> spellings it
compiles, each the same value in eager (safe unless noted):

- ``x.dtype.is_floating_point`` / ``.is_complex`` / ``.is_signed`` -> ``x.is_floating_point()``
  / ``x.is_complex()`` / ``x.is_signed()`` (TorchScript's dtype is an int);
- ``x.dtype.itemsize`` -> ``x.element_size()`` (checked on torch 2.13 for every dtype torch
  defines, quantized and bits ones too: the same int, or the same error, in eager; the method
  scripts) (unsafe: a NumPy array has ``.dtype.itemsize`` too, and no ``element_size``; the
  rule takes an unannotated parameter for a tensor);
- ``s.startswith((a, b))`` (``endswith`` too) -> ``(s.startswith(a) or s.startswith(b))``, for
  a name or attribute ``s`` and a tuple literal of strings;
- ``"{a}-{b}".format(a=x, b=y)`` / ``"{0}_{1}".format(x, y)`` / ``"{1}{0}".format(x, y)`` ->
  ``"{}-{}".format(x, y)`` (TorchScript fills only ``{}`` fields, in turn, and takes no
  keywords): plain fields only (no format spec or conversion), every value used; values are
  reordered or repeated only where each is a name, attribute or literal (evaluated in field
  order now, a repeated field twice), any value in written order;
- a ``torch.Size`` annotation -> ``List[int]``, and ``Literal["a", "b"]`` -> ``str`` (``int``
  for int values): annotations do not change what eager runs;
- ``if (m := value) is not None:`` (the assignment expression evaluated first in an ``if``
  test) -> ``m = value`` before ``if m is not None:``;
- ``typing.cast(T, x)`` -> ``x`` (its value at run time);
- ``if self.layers:`` of a module container -> ``if len(self.layers) > 0:``;
- ``math.isqrt(n)`` -> ``int(math.sqrt(n))`` (unsafe: equal below 2**52);
- ``torch.is_tensor(x)`` -> ``isinstance(x, torch.Tensor)``, torch's own definition of it
  (TorchScript has no ``aten::is_tensor`` and refines a Union by ``isinstance``);
- ``range(2 ** n)``, ``x.reshape(2 ** n, -1)``, ``x[: 2 ** n]``, ``pow(2, n)``, ``round(x)`` (or a local bound to one)
  -> ``int(2 ** n)`` (unsafe: Python's ``int ** int`` is that int for an exponent >= 0; a
  negative one gave a float that ``int(...)`` now truncates in eager too);
- ``math.log2(x)`` -> ``math.log(x, 2)`` (unsafe: ``log(x) / log(2)``, which can differ in the
  last bit: ``math.log(2**29, 2)`` is ``29.000000000000004``);
- ``isinstance(x, numbers.Number)`` -> ``isinstance(x, (int, float, complex))`` (``Real`` ->
  ``(int, float)``, ``Integral`` -> ``int``, ``Complex`` -> ``(int, float, complex)``, spliced
  into a tuple of types) (unsafe: the same answer for Python's numbers, bools and tensors, but
  NumPy integer scalars, ``Fraction`` and ``Decimal`` are registered ``numbers`` types that
  subclass no builtin: the test now says False for them);
- an int literal given for a float argument of a torch function (TL215,
  ``F.interpolate(x, scale_factor=2)``) -> the float literal ``2.0``, which torch converts to
  the same number; each int literal of a tuple or list display given there
  (``scale_factor=(2, 1)`` -> ``(2.0, 1.0)``) likewise. Unsafe: a few float parameters change meaning with the type (none of the
  ``F`` functions TL215 names).
"""

from __future__ import annotations

import string
from typing import ClassVar, Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.script_facts import NUMBER_ABCS
from torchlint.lint.walk import walk

DTYPE_QUERIES = frozenset({"is_floating_point", "is_complex", "is_signed"})


def _plain(expr: cst.BaseExpression) -> bool:
    """A name, an attribute chain of names, or a literal: evaluating it twice, or earlier, is
    the same."""
    if isinstance(expr, (cst.Name, cst.SimpleString, cst.Integer, cst.Float)):
        return True
    return isinstance(expr, cst.Attribute) and _plain(expr.value)


class DtypeQueryToTensorMethod(Fixer):
    codes = ("TL205",)
    applicability = "safe"
    message = "ask the tensor (`x.is_floating_point()`): TorchScript's dtype is an int"
    # ``x.dtype.<attribute>`` -> ``x.<method>()``
    methods: ClassVar[dict[str, str]] = {name: name for name in DTYPE_QUERIES}

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not (
            isinstance(node, cst.Attribute)
            and node.attr.value in self.methods
            and isinstance(node.value, cst.Attribute)
            and node.value.attr.value == "dtype"
            and not isinstance(self.parent(node), cst.Call)
        ):
            return None
        return [(node, f"{self.code(node.value.value)}.{self.methods[node.attr.value]}()")]


class DtypeItemsizeToElementSize(DtypeQueryToTensorMethod):
    applicability = "unsafe"
    message = "ask the tensor (`x.element_size()`): TorchScript's dtype is an int"
    methods: ClassVar[dict[str, str]] = {"itemsize": "element_size"}


class StartswithTupleToOr(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "test each prefix with its own call joined by `or`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return None
        method = call.func.attr.value
        if method not in ("startswith", "endswith") or len(call.args) != 1:
            return None
        arg = call.args[0]
        options = arg.value
        if arg.keyword or arg.star or not isinstance(options, cst.Tuple) or not options.elements:
            return None
        if not _plain(call.func.value) or not all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.SimpleString)
            for e in options.elements
        ):
            return None
        receiver = self.code(call.func.value)
        tests = " or ".join(f"{receiver}.{method}({self.code(e.value)})" for e in options.elements)
        bare = len(options.elements) == 1 or not isinstance(
            self.parent(call),
            (cst.BinaryOperation, cst.BooleanOperation, cst.UnaryOperation, cst.Comparison,
             cst.Attribute, cst.Subscript),
        )  # fmt: skip
        return [(call, tests if bare else f"({tests})")]


class FormatFieldsToPositional(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "write `{}` fields with the values in field order, as TorchScript's format takes"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "format"
            and isinstance(call.func.value, cst.SimpleString)
            and call.args
        ):
            return None
        literal = call.func.value
        if "b" in literal.prefix.lower() or "r" in literal.prefix.lower():
            return None
        if any(arg.star for arg in call.args):
            return None
        positional = [arg for arg in call.args if arg.keyword is None]
        keywords = {arg.keyword.value: arg for arg in call.args if arg.keyword is not None}
        text = literal.evaluated_value
        if not isinstance(text, str):
            return None
        pieces: list[str] = []
        order: list[cst.Arg] = []
        automatic = 0
        try:
            parsed = list(string.Formatter().parse(text))
        except ValueError:
            return None
        for literal_text, field, spec, conversion in parsed:
            pieces.append(literal_text.replace("{", "{{").replace("}", "}}"))
            if field is None:
                continue
            if spec or conversion:
                return None
            if field == "" and automatic < len(positional):
                order.append(positional[automatic])
                automatic += 1
            elif field.isdigit() and int(field) < len(positional):
                order.append(positional[int(field)])
            elif field in keywords:
                order.append(keywords[field])
            else:
                return None  # `{0.attr}`, `{0[1]}`, a missing value
            pieces.append("{}")
        if {id(a) for a in order} != {id(a) for a in call.args}:
            return None  # a value Python never reads
        in_place = [id(a) for a in order] == [id(a) for a in call.args]
        if not in_place and not all(_plain(a.value) for a in call.args):
            return None  # reordered or repeated: only values evaluated alike
        if any(ch in "".join(pieces) for ch in ("\\", "\n")):
            return None
        quote = literal.quote
        new_literal = f"{literal.prefix}{quote}{''.join(pieces)}{quote}"
        values = ", ".join(self.code(a.value) for a in order)
        return [(call, f"{new_literal}.format({values})")]


class ScriptAnnotationType(Fixer):
    codes = ("TL214",)
    applicability = "safe"
    message = "annotate with a type TorchScript has (`List[int]` for torch.Size, the values' type for Literal)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.BaseExpression):
            return None
        name = (
            self.ctx.qualified_name(node) if isinstance(node, (cst.Name, cst.Attribute)) else None
        )
        if name == "torch.Size":
            return [(node, f"{self.import_from('typing', 'List')}[int]")]
        if not isinstance(node, cst.Subscript):
            return None
        if self.ctx.qualified_name(node.value) not in (
            "typing.Literal",
            "typing_extensions.Literal",
        ):
            return None
        kinds = set()
        for element in node.slice:
            value = element.slice.value if isinstance(element.slice, cst.Index) else None
            if isinstance(value, cst.SimpleString):
                kinds.add("str")
            elif isinstance(value, cst.Integer):
                kinds.add("int")
            else:
                return None
        return [(node, kinds.pop())] if len(kinds) == 1 else None


class WalrusInIfTest(Fixer):
    codes = ("TL204",)
    applicability = "safe"
    message = "assign before the `if` (TorchScript has no assignment expressions)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        walrus = diagnostic.node
        if not isinstance(walrus, cst.NamedExpr) or not isinstance(walrus.target, cst.Name):
            return None
        statement = self._if_evaluating_first(walrus)
        if statement is None or not isinstance(self.parent(statement), cst.IndentedBlock):
            return None
        name = walrus.target.value
        assignment = cst.parse_statement(f"{name} = {self.code(walrus.value)}\n")
        assignment = assignment.with_changes(leading_lines=statement.leading_lines)
        new_if = statement.deep_replace(walrus, cst.Name(name)).with_changes(leading_lines=())
        return [(statement, cst.FlattenSentinel([assignment, new_if]))]

    def _if_evaluating_first(self, walrus: cst.NamedExpr) -> Optional[cst.If]:
        """The ``if`` (not an ``elif``) whose test evaluates ``walrus`` before anything else:
        the test itself, the left side of a comparison, or under ``not``."""
        current: cst.CSTNode = walrus
        parent = self.parent(current)
        while True:
            if isinstance(parent, cst.Comparison) and parent.left is current:
                current, parent = parent, self.parent(parent)
            elif isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):
                current, parent = parent, self.parent(parent)
            else:
                break
        if not isinstance(parent, cst.If) or parent.test is not current:
            return None
        grand = self.parent(parent)
        if isinstance(grand, cst.If) and grand.orelse is parent:
            return None  # an `elif`: the assignment would run before the first test
        return parent


class IntLiteralForFloat(Fixer):
    """An int literal where TorchScript wants a float: an argument of a function or op
    (TL215), or of a ``torch.nn`` module's constructor that its forward hands on (TL234:
    ``nn.Hardtanh(0, 20)`` -> ``nn.Hardtanh(0.0, 20.0)``)."""

    codes = ("TL215", "TL234")
    applicability = "unsafe"
    message = "write the number as a float literal (`2.0`), which TorchScript takes for a float"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if isinstance(node, cst.Arg):
            node = node.value
        if isinstance(node, (cst.Tuple, cst.List)):
            # `scale_factor=(2, 1)` -> `(2.0, 1.0)`: each int literal of the display.
            ints = [e.value for e in node.elements]
            ints = [v.expression if isinstance(v, cst.UnaryOperation) else v for v in ints]
            if not all(isinstance(v, (cst.Integer, cst.Float)) for v in ints):
                return None
            return [(v, f"{v.evaluated_value}.0") for v in ints if isinstance(v, cst.Integer)]
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
            node = node.expression  # `-1` -> `-1.0`
        if not isinstance(node, cst.Integer):
            return None
        return [(node, f"{node.evaluated_value}.0")]


class IsqrtToIntSqrt(Fixer):
    """``math.isqrt(n)`` -> ``int(math.sqrt(n))``: the same int for every ``n`` below 2**52
    (sizes, counts), as a double holds every such square root's integer part exactly."""

    codes = ("TL209",)
    applicability = "unsafe"
    message = "use `int(math.sqrt(n))`, which TorchScript binds (the same for n < 2**52)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != "math.isqrt":
            return None
        if len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
            return None
        math = self.import_module("math")
        return [(call, f"int({math}.sqrt({self.code(call.args[0].value)}))")]


class IsTensorToIsinstance(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "use `isinstance(x, torch.Tensor)`, what `torch.is_tensor` returns"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or self.ctx.qualified_name(call.func) != "torch.is_tensor"
        ):
            return None
        if len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
            return None
        torch = self.import_module("torch")
        return [(call, f"isinstance({self.code(call.args[0].value)}, {torch}.Tensor)")]


class Log2ToLogBase(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "use `math.log(x, 2)`, which TorchScript binds (may differ in the last bit)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != "math.log2":
            return None
        if len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
            return None
        math = self.import_module("math")
        return [(call, f"{math}.log({self.code(call.args[0].value)}, 2)")]


class NumberAbcToBuiltins(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "test the builtin number types TorchScript knows"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 2:
            return None
        if self.ctx.qualified_name(call.func) != "builtins.isinstance":
            return None
        kinds = call.args[1].value
        elements = [e.value for e in kinds.elements] if isinstance(kinds, cst.Tuple) else [kinds]
        spelled: list[str] = []
        for element in elements:
            name = self.ctx.qualified_name(element)
            if name in NUMBER_ABCS:
                spelled.extend(t for t in NUMBER_ABCS[name] if t not in spelled)
            else:
                spelled.append(self.code(element))
        text = spelled[0] if len(spelled) == 1 else f"({', '.join(spelled)})"
        return [(kinds, cst.parse_expression(text))]


class CastToValue(Fixer):
    """``typing.cast(T, x)`` -> ``x``: ``cast`` returns its value unchanged at run time."""

    codes = ("TL209",)
    applicability = "safe"
    message = "drop `typing.cast`: it returns the value itself, and TorchScript cannot call it"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != "typing.cast":
            return None
        if len(call.args) != 2 or any(a.keyword or a.star for a in call.args):
            return None
        value = call.args[1].value
        text = self.code(value)
        if not isinstance(value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
            text = f"({text})"
        return [(call, text)]


class ContainerTruthToLength(Fixer):
    """``if self.layers:`` of a module container -> ``if len(self.layers) > 0:``: a container
    is true when it holds a module, and TorchScript has its length."""

    codes = ("TL208",)
    applicability = "safe"
    message = "test the container's length (`len(self.layers) > 0`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, (cst.Attribute, cst.Name)) or "truth test" not in (
            diagnostic.message or ""
        ):
            return None
        text = f"len({self.code(node)}) > 0"
        parent = self.parent(node)
        if isinstance(parent, (cst.UnaryOperation, cst.BooleanOperation)):
            text = f"({text})"
        return [(node, text)]


class IntOfIntPower(Fixer):
    """``range(2 ** n)`` / ``x.reshape(2 ** n, -1)`` / ``x[: 2 ** n]`` (or through a local
    bound to it) -> ``int(2 ** n)`` (unsafe): TorchScript's ``**`` of two ints is a float,
    ``int(...)`` gives the int the size wants; Python's is already that int for an exponent
    >= 0, and ``int(...)`` truncates the float a negative exponent gives in eager too. The
    same for ``pow(2, n)`` and ``round(x)`` (floats in TorchScript; Python's ``round`` of a
    number is already an int, but ``int(...)`` of a symbolic size may specialize it under
    export / compile)."""

    codes = ("TL209",)
    applicability = "unsafe"
    message = "convert the power or round to int (`int(2 ** n)`, `int(round(x))`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        message = diagnostic.message
        if not any(
            what in message
            for what in (
                "`**` of two ints is a float",
                "`pow(a, b)` of two ints is a float",
                "`round(x)` returns a float",
            )
        ):
            return None
        spelled = diagnostic.message.split("`", 2)[1]
        node = diagnostic.node
        roots: list[cst.CSTNode] = [node]
        function = self.enclosing_function(node)
        if isinstance(node, cst.Name) and function is not None:
            roots = [v for v, _, _ in assignments(function, node.value) if v is not None]
        powers = [p for root in roots for p in self._powers(root, spelled)]
        if not powers:
            return None
        return [(p, f"int({self.code(p)})") for p in powers]

    def _powers(self, root: cst.CSTNode, spelled: str) -> list[cst.BaseExpression]:
        found: list[cst.BaseExpression] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            power = isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Power)
            builtin = isinstance(node, cst.Call) and self.ctx.qualified_name(node.func) in (
                "builtins.pow",
                "builtins.round",
            )
            if (power or builtin) and cst.Module([]).code_for_node(node) == spelled:
                found.append(node)
                return False
            return None

        walk(root, enter, lambda node: None)
        return found
