"""Rewrites for script findings from the heldout27 probe batch (issue #23).

``NamedTupleMakeToCall`` (TL209, safe): ``Out._make([a, b, c])`` (a list or tuple display of
as many plain elements as the NamedTuple of the file has fields) -> ``Out(a, b, c)``.
``_make`` builds ``tuple.__new__(cls, iterable)`` and checks the length; the call gives the same
tuple for that many values (the same order of evaluation), and a ``typing.NamedTuple`` cannot
override ``__new__``. TorchScript has no attribute lookup on a NamedTuple class (torch 2.13)
and compiles the call. Not where the class (this file) defines ``_make`` itself.

``SupportsNumberAnnotation`` (TL214, safe): ``temperature: SupportsFloat`` -> ``float``
(``SupportsInt`` -> ``int``). TorchScript cannot resolve the protocol (torch 2.13: Unknown type
name); Python does not check a parameter's annotation and no other back-end reads it. (A
scripted caller that passes an int for a ``float`` parameter still fails: TorchScript does not
convert it.)

``GetParameterToAttribute`` (TL209, unsafe): ``self.get_parameter("embed.weight")`` (also
``get_buffer`` / ``get_submodule``; the path a string literal or ``self.X`` bound once, in
``__init__``, to one) -> ``self.embed.weight``. TorchScript compiles no ``get_parameter``
(torch 2.13) and reads the attribute chain. Where eager found the parameter both give the same
object. Unsafe: eager raised AttributeError where the path named no parameter (a plain tensor
attribute, a buffer), which the attribute read returns; a path attribute rebound after
``__init__`` is no longer read.

``IssubclassOfModuleAtInit`` (TL209, unsafe): ``issubclass(type(self.norm), C)`` in a method ->
``self.norm_is_c``, set by ``self.norm_is_c = issubclass(type(self.norm), C)`` right after the
one statement of ``__init__`` that binds ``self.norm``. TorchScript cannot test the class of a
submodule (``issubclass`` / ``type``: not supported; ``isinstance(self.norm, _BatchNorm)``:
Unknown type name) and reads a bool attribute. Unsafe: the test runs once, in ``__init__``; a
module set on the attribute later is not tested again.

``UnravelIndexDivMod`` (TL209, unsafe): ``torch.unravel_index(idx, (h, w))`` (a display of
names, attributes or int literals; ``idx`` a name or attribute) -> ``(idx // w % h, idx %
w)``, what torch computes (``indices.unsqueeze(-1).floor_divide(coefs) % shape``; equal values
for every int64 index, negative and out of range included). TorchScript has no
``aten::unravel_index`` (torch 2.13). Unsafe: an int32 / int16 / uint8 index gave int64
results and now keeps its dtype; a float or bool index raised and is now divided; a negative
size raised.

Left alone (no rewrite keeps eager): ``heapq.nlargest`` over a list of Python numbers (a loop
of ``sorted`` keeps ties in another order), ``re.match`` (TorchScript has no regex),
``register_buffer`` in ``forward`` (the module's state changes on the first call: the buffer
must be made in ``__init__`` with a size known there), ``torch.testing.assert_close`` (its
checks and messages have no TorchScript form; dropping it drops the check).
"""

from __future__ import annotations

import keyword
import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments, bound_names, self_assignments
from torchlint.lint.script_facts import collections_namedtuple_fields, namedtuple_fields

from ._shared import fresh_name, module_bindings, names_in, plain_reference
from ._tensor_exprs import has_comments
from .script_heldout26 import ShapeIsinstanceDecided


# -- Out._make([a, b]) ------------------------------------------------------------------------------
class NamedTupleMakeToCall(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "call the NamedTuple with the values (`Out(a, b)`), what `_make` builds"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and len(call.args) == 1
            and not call.args[0].star
            and call.args[0].keyword is None
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "_make"
            and isinstance(call.func.value, cst.Name)
        ):
            return None
        display = call.args[0].value
        if not isinstance(display, (cst.List, cst.Tuple)) or has_comments(display):
            return None
        if any(isinstance(e, cst.StarredElement) for e in display.elements):
            return None
        name = call.func.value.value
        fields = namedtuple_fields(self.ctx, name)
        if fields is None:
            fields = collections_namedtuple_fields(self.ctx, name)
        if not fields or len(fields) != len(display.elements):
            return None
        if _class_defines(self.ctx.module, name, "_make"):
            return None
        values = ", ".join(self.code(e.value) for e in display.elements)
        return [(call, cst.parse_expression(f"{name}({values})"))]


def _class_defines(module: cst.Module, cls: str, member: str) -> bool:
    for statement in module.body:
        if isinstance(statement, cst.ClassDef) and statement.name.value == cls:
            body = statement.body.body if isinstance(statement.body, cst.IndentedBlock) else []
            for line in body:
                if isinstance(line, cst.FunctionDef) and line.name.value == member:
                    return True
                if isinstance(line, cst.SimpleStatementLine) and any(
                    member in {n.value for n in names_in(small)} for small in line.body
                ):
                    return True
    return False


# -- t: SupportsFloat ----------------------------------------------------------------------------------
_PROTOCOLS = {
    "typing.SupportsFloat": "float",
    "typing_extensions.SupportsFloat": "float",
    "typing.SupportsInt": "int",
    "typing_extensions.SupportsInt": "int",
}


class SupportsNumberAnnotation(Fixer):
    codes = ("TL214",)
    applicability = "safe"
    message = "annotate the number type (`float`), which TorchScript has"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        new = _PROTOCOLS.get(self.ctx.qualified_name(node) or "")
        if new is None or new in module_bindings(self.ctx.module):
            return None
        return [(node, cst.Name(new))]


# -- self.get_parameter("embed.weight") ---------------------------------------------------------------
_PATH_GETTERS = frozenset({"get_parameter", "get_buffer", "get_submodule"})


def _methods(cls: cst.ClassDef) -> list[cst.FunctionDef]:
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else []
    return [s for s in body if isinstance(s, cst.FunctionDef)]


def _init_line(cls: cst.ClassDef, attr: str) -> Optional[cst.SimpleStatementLine]:
    """The one top-level statement of ``__init__`` binding ``self.<attr>`` (``self.<attr> =
    value``), where no method of the class binds it otherwise; None else."""
    methods = _methods(cls)
    bound = [v for m in methods for v in self_assignments(m, attr)]
    init = next((m for m in methods if m.name.value == "__init__"), None)
    if len(bound) != 1 or bound[0] is None or init is None:
        return None
    if not isinstance(init.body, cst.IndentedBlock):
        return None
    for line in init.body.body:
        if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1:
            small = line.body[0]
            if (
                isinstance(small, cst.Assign)
                and len(small.targets) == 1
                and small.value is bound[0]
            ):
                return line
    return None


def _enclosing_class(fixer: Fixer, node: cst.CSTNode) -> Optional[cst.ClassDef]:
    """The class whose method (first parameter ``self``) holds ``node`` directly."""
    function = fixer.enclosing_function(node)
    if function is None or not function.params.params:
        return None
    if function.params.params[0].name.value != "self" or function.decorators:
        return None
    cls = fixer.parent(function)
    cls = fixer.parent(cls) if isinstance(cls, cst.IndentedBlock) else None
    return cls if isinstance(cls, cst.ClassDef) else None


def _self_attr(node: cst.BaseExpression) -> Optional[str]:
    if (
        isinstance(node, cst.Attribute)
        and isinstance(node.value, cst.Name)
        and node.value.value == "self"
    ):
        return node.attr.value
    return None


class GetParameterToAttribute(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = (
        "read the attribute path (`self.embed.weight`; unsafe: a path naming no parameter "
        "raised in eager)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and len(call.args) == 1
            and not call.args[0].star
            and call.args[0].keyword is None
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value in _PATH_GETTERS
            and isinstance(call.func.value, cst.Name)
            and call.func.value.value == "self"
        ):
            return None
        cls = _enclosing_class(self, call)
        if cls is None:
            return None
        path = self._path(cls, call.args[0].value)
        if path is None:
            return None
        parts = path.split(".")
        if not all(p.isidentifier() and not keyword.iskeyword(p) for p in parts):
            return None
        return [(call, cst.parse_expression("self." + path))]

    def _path(self, cls: cst.ClassDef, arg: cst.BaseExpression) -> Optional[str]:
        if isinstance(arg, cst.SimpleString):
            value = arg.evaluated_value
            return value if isinstance(value, str) and value else None
        attr = _self_attr(arg)
        if attr is None:
            return None
        line = _init_line(cls, attr)
        if line is None:
            return None
        value = line.body[0].value  # type: ignore[union-attr]
        if isinstance(value, cst.SimpleString):
            text = value.evaluated_value
            return text if isinstance(text, str) and text else None
        return None


# -- issubclass(type(self.norm), C) -----------------------------------------------------------------
def _snake(name: str) -> str:
    name = name.lstrip("_")
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()


class IssubclassOfModuleAtInit(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = (
        "test the submodule's class once in `__init__` and read the bool (unsafe: a module set "
        "on the attribute later is not tested again)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 2:
            return None
        if any(a.star or a.keyword for a in call.args):
            return None
        if self.ctx.qualified_name(call.func) != "builtins.issubclass":
            return None
        of_type, classes = call.args[0].value, call.args[1].value
        if not (
            isinstance(of_type, cst.Call)
            and len(of_type.args) == 1
            and not of_type.args[0].star
            and of_type.args[0].keyword is None
            and self.ctx.qualified_name(of_type.func) == "builtins.type"
        ):
            return None
        attr = _self_attr(of_type.args[0].value)
        if attr is None:
            return None
        named = [e.value for e in classes.elements] if isinstance(classes, cst.Tuple) else [classes]
        if not named or any(
            not isinstance(n, (cst.Name, cst.Attribute)) or self.ctx.qualified_name(n) is None
            for n in named
        ):
            return None
        function = self.enclosing_function(call)
        cls = _enclosing_class(self, call)
        if function is None or cls is None or function.name.value == "__init__":
            return None
        init = next((m for m in _methods(cls) if m.name.value == "__init__"), None)
        local = bound_names(function) | (bound_names(init) if init is not None else set())
        for n in named:
            root = n
            while isinstance(root, cst.Attribute):
                root = root.value
            if not isinstance(root, cst.Name) or root.value in local:
                return None  # a local name: not the module-level class in __init__
        line = _init_line(cls, attr)
        if line is None:
            return None
        last = named[0]
        label = last.attr.value if isinstance(last, cst.Attribute) else last.value  # type: ignore[union-attr]
        flag = f"{attr}_is_{_snake(label)}"
        used = {n.value for n in names_in(cls)}
        if flag in used or not flag.isidentifier():
            return None
        init_stmt = cst.parse_statement(f"self.{flag} = {self.code(call)}\n")
        return [
            (line, cst.FlattenSentinel([line, init_stmt])),
            (call, cst.parse_expression(f"self.{flag}")),
        ]


# -- torch.unravel_index(idx, (h, w)) -----------------------------------------------------------------
def _simple_operand(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Integer) or plain_reference(node)


class UnravelIndexDivMod(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = (
        "compute the coordinates with `//` and `%`, as torch does (unsafe: a non-int64 index "
        "keeps its dtype)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 2:
            return None
        if self.ctx.qualified_name(call.func) != "torch.unravel_index":
            return None
        index, shape = call.args
        if index.star or shape.star or index.keyword is not None or shape.keyword is not None:
            return None
        if not plain_reference(index.value):
            return None
        display = shape.value
        if not isinstance(display, (cst.Tuple, cst.List)) or not display.elements:
            return None
        if has_comments(call):
            return None
        sizes = []
        for element in display.elements:
            if isinstance(element, cst.StarredElement) or not _simple_operand(element.value):
                return None
            sizes.append(self.code(element.value))
        idx = self.code(index.value)
        parts = []
        for k, size in enumerate(sizes):
            inner = sizes[k + 1 :]
            if not inner:
                parts.append(f"{idx} % {size}")
            elif len(inner) == 1:
                parts.append(f"{idx} // {inner[0]} % {size}")
            else:
                parts.append(f"{idx} // ({' * '.join(inner)}) % {size}")
        text = "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"
        return [(call, cst.parse_expression(text))]


# -- "mask" in inspect.signature(self.mixer.forward).parameters --------------------------------------
class SignatureParameterDecided(ShapeIsinstanceDecided):
    codes = ("TL209",)
    applicability = "unsafe"
    message = (
        "decide the test from the submodule's `forward` (unsafe: a module set on the attribute "
        "from outside is not asked)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 1 or call.args[0].keyword:
            return None
        if self.ctx.qualified_name(call.func) != "inspect.signature" or call.args[0].star:
            return None
        method = call.args[0].value
        if not (isinstance(method, cst.Attribute) and method.attr.value == "forward"):
            return None
        attr = _self_attr(method.value)
        parameters = self.parent(call)
        target = self.parent(parameters) if parameters is not None else None
        comparison = self.parent(target) if isinstance(target, cst.ComparisonTarget) else None
        if attr is None or not (
            isinstance(parameters, cst.Attribute)
            and parameters.value is call
            and parameters.attr.value == "parameters"
            and isinstance(comparison, cst.Comparison)
            and len(comparison.comparisons) == 1
            and comparison.comparisons[0].comparator is parameters
            and isinstance(comparison.comparisons[0].operator, (cst.In, cst.NotIn))
            and isinstance(comparison.left, cst.SimpleString)
        ):
            return None
        key = comparison.left.evaluated_value
        cls = _enclosing_class(self, call)
        line = _init_line(cls, attr) if cls is not None else None
        if line is None or not isinstance(key, str):
            return None
        value = line.body[0].value  # type: ignore[union-attr]
        if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name):
            return None
        names = self._forward_parameters(value.func.value)
        if names is None:
            return None
        answer = (key in names) != isinstance(comparison.comparisons[0].operator, cst.NotIn)
        branch = self.parent(comparison)
        if isinstance(branch, cst.If) and branch.test is comparison:
            flattened = self._taken(branch, answer)
            if flattened is not None:
                return [(branch, flattened)]
        if comparison.lpar:
            return None
        return [(comparison, cst.Name("True" if answer else "False"))]

    def _forward_parameters(self, name: str) -> Optional[set[str]]:
        """The parameter names (``self`` left out) of ``forward`` of the undecorated module
        class ``name`` at the top level of this file, which defines it; None otherwise."""
        classes = [
            s for s in self.ctx.module.body if isinstance(s, cst.ClassDef) and s.name.value == name
        ]
        if len(classes) != 1 or classes[0].decorators or name in _module_assigned(self.ctx.module):
            return None
        forwards = [m for m in _methods(classes[0]) if m.name.value == "forward"]
        if len(forwards) != 1 or forwards[0].decorators:
            return None
        params = forwards[0].params
        ordered = [*params.posonly_params, *params.params]
        if not ordered:
            return None
        names = {p.name.value for p in ordered[1:]} | {p.name.value for p in params.kwonly_params}
        for star in (params.star_arg, params.star_kwarg):
            if isinstance(star, cst.Param):
                names.add(star.name.value)
        return names


def _module_assigned(module: cst.Module) -> set[str]:
    """Names a module-level assignment binds (a class name rebound there is not the class)."""
    found: set[str] = set()
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign):
                    for target in small.targets:
                        if isinstance(target.target, cst.Name):
                            found.add(target.target.value)
    return found


# -- weights: List[float] = [1, 2, 4] --------------------------------------------------------------
class IntLiteralsAsFloats(Fixer):
    codes = ("TL217",)
    applicability = "unsafe"
    message = (
        "write the int literals as floats (`[1.0, 2.0]`; unsafe: eager held ints, which "
        "differ from floats as indices, `range` bounds, in `str` and with integer tensors)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        display = diagnostic.node
        if not isinstance(display, cst.List) or "a list display of int literals" not in (
            diagnostic.message
        ):
            return None
        replacements: list[Replacement] = []
        for element in display.elements:
            literal = element.value
            if isinstance(literal, cst.UnaryOperation):
                literal = literal.expression
            if isinstance(literal, cst.Integer):
                replacements.append((literal, cst.Float(f"{int(literal.value, 0)}.0")))
            elif not isinstance(literal, cst.Float):
                return None
        return replacements or None


# The fields of `sys.float_info` in its tuple order (rules/tl207_global_value_in_script.py
# names them too: fixers and rules do not import each other).
FLOAT_INFO_FIELDS = (
    "max", "max_exp", "max_10_exp", "min", "min_exp", "min_10_exp", "dig", "mant_dig",
    "epsilon", "radix", "rounds",
)  # fmt: skip


# -- sys.float_info.epsilon ----------------------------------------------------------------------------
class FloatInfoIndexed(Fixer):
    codes = ("TL207",)
    applicability = "safe"
    message = "index `sys.float_info` (`sys.float_info[8]`), a tuple TorchScript reads"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Attribute) or not isinstance(node.value, cst.Attribute):
            return None
        holder = node.value
        if not (
            isinstance(holder.value, cst.Name)
            and holder.attr.value == "float_info"
            and self.ctx.qualified_name(holder) == "sys.float_info"
            and node.attr.value in FLOAT_INFO_FIELDS
        ):
            return None
        index = FLOAT_INFO_FIELDS.index(node.attr.value)
        return [(node, cst.parse_expression(f"{self.code(holder)}[{index}]"))]


# -- if state[0] is not None: ... state[0] ... ----------------------------------------------------------
class _SwapSubscript(cst.CSTTransformer):
    def __init__(self, spelled: str, name: str) -> None:
        self.spelled = spelled
        self.name = name

    def leave_Subscript(
        self, original_node: cst.Subscript, updated_node: cst.Subscript
    ) -> cst.BaseExpression:
        if cst.Module([]).code_for_node(original_node) == self.spelled:
            return cst.Name(self.name)
        return updated_node


class TupleElementTestedLocal(Fixer):
    codes = ("TL213",)
    applicability = "safe"
    message = "bind the tuple's element to a local and test it (TorchScript refines locals only)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "position of a `Tuple[...]`" not in diagnostic.message:
            return None
        use = diagnostic.node
        function = self.enclosing_function(use)
        if function is None:
            return None
        for branch in self.ancestors(use):
            if isinstance(branch, cst.FunctionDef):
                return None
            if isinstance(branch, cst.If) and self._tested(branch) is not None:
                break
        else:
            return None
        if not isinstance(self.parent(branch), cst.IndentedBlock):
            return None
        if not any(a is branch.body for a in self.ancestors(use)):
            return None  # in the else branch
        element = self._tested(branch)
        assert element is not None
        container = element.value.value  # type: ignore[attr-defined]
        if not self.accepts(function, container):
            return None
        spelled = self.code(element)
        mentions = [n for n in names_in(branch.body) if n.value == container]
        subscripts = self._subscripts(branch.body, spelled)
        if len(mentions) != len(subscripts) or has_comments(branch.test):
            return None  # the body reads the container otherwise (or stores into it)
        if any(self._stored(s) for s in subscripts):
            return None
        k = self.code(element.slice[0].slice.value).replace("-", "neg")  # type: ignore[attr-defined]
        name = fresh_name(self, branch, f"{container}_{k}")
        bind = cst.parse_statement(f"{name} = {spelled}\n").with_changes(
            leading_lines=branch.leading_lines
        )
        test = branch.test.with_changes(left=cst.Name(name))  # type: ignore[attr-defined]
        body = branch.body.visit(_SwapSubscript(spelled, name))
        new_if = branch.with_changes(test=test, body=body, leading_lines=[])
        return [(branch, cst.FlattenSentinel([bind, new_if]))]

    def _tested(self, branch: cst.If) -> Optional[cst.Subscript]:
        test = branch.test
        if not (
            isinstance(test, cst.Comparison)
            and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.IsNot)
            and isinstance(test.comparisons[0].comparator, cst.Name)
            and test.comparisons[0].comparator.value == "None"
            and not test.lpar
        ):
            return None
        left = test.left
        if not (
            isinstance(left, cst.Subscript)
            and isinstance(left.value, cst.Name)
            and len(left.slice) == 1
            and isinstance(left.slice[0].slice, cst.Index)
        ):
            return None
        index = left.slice[0].slice.value
        if isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.Minus):
            index = index.expression
        return left if isinstance(index, cst.Integer) else None

    def _subscripts(self, root: cst.CSTNode, spelled: str) -> list[cst.Subscript]:
        found: list[cst.Subscript] = []

        class _Find(cst.CSTVisitor):
            def visit_Subscript(self, node: cst.Subscript) -> Optional[bool]:
                if cst.Module([]).code_for_node(node) == spelled:
                    found.append(node)
                    return False
                return True

        root.visit(_Find())
        return found

    def _stored(self, subscript: cst.Subscript) -> bool:
        parent = self.parent(subscript)
        return isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.Del)) or (
            isinstance(parent, cst.AnnAssign) and parent.target is subscript
        )

    def accepts(self, function: cst.FunctionDef, container: str) -> bool:
        """A local bound only to tuple displays (an immutable tuple, which the element read
        before the test is)."""
        params = {p.name.value for p in function.params.params}
        params |= {p.name.value for p in function.params.kwonly_params}
        params |= {p.name.value for p in function.params.posonly_params}
        if container in params:
            return False
        bound = assignments(function, container)
        return bool(bound) and all(
            isinstance(value, cst.Tuple) and size == 1 for value, _, size in bound
        )


class TupleElementTestedLocalParameter(TupleElementTestedLocal):
    applicability = "unsafe"
    message = (
        "bind the tuple's element to a local and test it (unsafe: a list passed for the "
        "parameter and changed by a call in the block was read again there)"
    )

    def accepts(self, function: cst.FunctionDef, container: str) -> bool:
        params = [*function.params.posonly_params, *function.params.params]
        params += list(function.params.kwonly_params)
        return any(p.name.value == container for p in params) and not assignments(
            function, container
        )
