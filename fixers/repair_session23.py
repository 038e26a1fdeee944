"""Repairs for findings torchlint reported without a fix (issue #23, session 23).

``ReturnedNamedTupleReplace`` (TL209, unsafe): ``dets._replace(boxes=v)`` where ``dets`` is
bound only to calls of a function or method of the file annotated to return a NamedTuple class
of the file (``-> Detections``), or is a parameter annotated with it -> ``Detections(v,
dets.scores)``, the class called with every field. TorchScript's NamedTuple has no
``_replace``; a call of the class compiles (checked on torch 2.13: scripts, equal eager).
``fixers/script_namedtuple.py`` does this safely for a local bound to the class's own calls;
here the receiver's class comes from an annotation. Unsafe: a subclass of the NamedTuple
returned for the annotation kept its own type under ``_replace`` and becomes the base class.

``ConstantDropped`` (TL212, safe): a dict attribute listed in the class body's
``__constants__`` (or annotated ``Final[...]`` there), or a constant scripted code stores into
-> the name dropped from ``__constants__`` (``Final[T]`` -> ``T``). TorchScript reads a
constant's value as it scripts the module and refuses a dict there (torch 2.13: 'dict' object
in attribute ... is not a valid constant), and keeps no attribute to store into; a plain
attribute compiles (checked on torch 2.13: scripts, equal eager). Safe: only TorchScript reads
``__constants__`` and ``Final`` (Python keeps the list and the annotation and nothing else).

``PrefixAttributeTest`` (TL209): ``name.startswith(self.prefixes)`` (``endswith``) where
``__init__`` binds ``self.prefixes`` once to a tuple (a display or ``tuple(...)``) and nothing
else in the file stores it -> ``any([name.startswith(p) for p in self.prefixes])``, unsafe (a
str or list set on the attribute from outside after ``__init__`` was a TypeError or one prefix,
and is now iterated). TorchScript's ``startswith`` takes one str; it compiles the comprehension
(checked on torch 2.13: scripts, equal eager). A literal tuple of prefixes is
``fixers/script_spellings.py``'s (an ``or`` chain, safe).

``ClassMethodCopy`` (TL209, unsafe): ``BaseAttention._scores(self, q, k)``, a method read from
a class of the file and called with ``self`` -> ``self._baseattention_scores(q, k)``, a copy
of that method added to the calling class (after the caller). TorchScript does not compile a
method looked up on a class, but compiles the copy, which runs on the same ``self`` (checked on
torch 2.13: scripts, equal eager). The conditions are ``fixers/repair_session22.py``'s
``ParentMethodCopy``'s (no decorator, ``super()``, ``__class__``, private name, or default read
in the class body). Unsafe: the class gains a method; the copy does not follow later edits of
the original.

``NoneCacheAnnotation`` (TL213, safe): ``self.cache = None`` in ``__init__`` and a tensor
stored by scripted code (a lazy cache) -> ``cache: Optional[torch.Tensor]`` first in the class
body. TorchScript types the attribute from its ``__init__`` value, NoneType, and refuses the
tensor store; with the class annotation it is ``Optional[Tensor]`` (checked on torch 2.13).
Only where every other value stored into the attribute in the class is a tensor (a tuple
store's element too). Safe: only TorchScript reads a class body's value-less annotation.

``OptionalAttributeLocal`` (TL213, unsafe): a module attribute annotated ``Optional`` that a
method also stores (so ``fixers/script_optional_attribute.py`` leaves it): under a ``self.X is
not None`` test, the test and the region it guards read a local ``X = self.X`` bound before
(where the region stores no ``.X``); a read no test guards, as a subscript, attribute,
operand or callee on a line that always runs it -> ``X = self.X`` and ``assert X is not
None`` before the line, which reads ``X``. TorchScript refines a local, never an attribute
(checked on torch 2.13: scripts, equal eager). Unsafe: a call in the region or line that
rebinds the attribute is no longer seen, and where the attribute was None the line raised
TypeError / AttributeError and now raises AssertionError (under ``python -O``, the old error).

``TolistIntAnnotation`` (TL205, safe): ``lens = lengths.tolist()`` whose items (taken by a
loop, ``enumerate`` or a subscript) bound a slice, index a subscript or go to ``range``, alone
or through ``+ - * // %`` -> ``lens: List[int] = lengths.tolist()``. TorchScript needs the
type; a float or nested list item raised there in eager, so the items are ints. Safe: a
local's annotation is not evaluated, and only TorchScript reads it.

``FinalStrKey`` (TL208, unsafe): ``self.scale[self.active]`` of an ``nn.ParameterDict`` /
``nn.ModuleDict`` (``self.a.b`` chains through classes of the file), ``self.active`` bound
once in ``__init__`` to a str literal or a parameter annotated ``str`` (or with a str
default) -> ``active: Final[str]`` in the class body: TorchScript folds the constant and indexes
the container with it (checked on torch 2.13: scripts, equal eager). Unsafe: a key changed
after construction no longer scripts.

``ModuleDictReturnLoop`` (TL208, unsafe): ``return self.heads[task](h)`` of an
``nn.ModuleDict`` and a key that is no attribute -> ``for name, module in
self.heads.items(): if name == task: return module(h)`` then ``raise KeyError(task)``.
TorchScript unrolls the loop over the container (checked on torch 2.13: scripts, equal eager;
a missing key raises). Eager looks the key up by hash, the loop by ``==``: the same module for
str keys, which a ModuleDict holds; the arguments are evaluated after the lookup both ways.
Unsafe: a ``ModuleDict`` subclass or an object set on the attribute from outside had its own
``__getitem__``.

``NoneLocalOptionalTensor`` (TL235, unsafe): ``h = None`` then ``h = <tensor>`` in a loop or
branch -> ``h: Optional[torch.Tensor] = None``, and ``assert h is not None`` before the first
line after the block that uses ``h`` as a tensor (a subscript, attribute, operand, or the
input of a ``torch.nn`` layer of the class: eager raised there on None). Unsafe: the error
there is now AssertionError.

``EmptyContainerTupleTypes`` (TL212, safe): ``fixers/script_attribute_annotation.py``'s class
annotation of an empty dict, where a key is a parameter annotated ``int`` / ``str`` / ... (or a
local bound once to a typed value) and a value a tuple display of tensors
(``Dict[int, Tuple[torch.Tensor, torch.Tensor]]``); not for a tuple key, which TorchScript
refuses. Safe: only TorchScript reads the annotation.

``ShapeSliceTuple`` (TL209, unsafe): ``tuple(x.shape[-2:])`` / ``tuple(x.size()[1:3])`` (int
literal bounds, no step) -> ``(x.shape[-2], x.shape[-1])``. TorchScript's ``tuple`` needs a
statically known length. Unsafe: a tensor of fewer dimensions gave a shorter tuple and now
raises IndexError.

``TryBodyForScript`` (TL204, unsafe): a ``try`` / ``except`` in a method whose body and every
handler end in ``return`` / ``raise`` (no ``else`` / ``finally``) -> ``if
torch.jit.is_scripting(): <the try body>`` ``else: return self._forward_try(<locals read>)``,
the ``try`` statement moved to that ``@torch.jit.unused`` method. TorchScript's frontend
refuses a ``try`` even in a branch it does not compile; the method's body is never compiled
(checked on torch 2.13: scripts, equal eager). Unsafe: the scripted model no longer falls back
where the body raises.

``VariadicTupleParameterAsList`` (TL214, unsafe): ``def f(kernel: Tuple[int, ...])`` of the
module, which only iterates the parameter (``for``, ``enumerate``), sizes it (``len``) or reads
one item of it, and which the module only calls -> ``kernel: List[int]``, each call's argument
a list: a tuple display as a list display, a shape as it is, anything else in ``list(...)``
(``same_padding(list(self.kernel_size))``). TorchScript has no variable-length tuple, and
types a fixed one's attribute ``Tuple[int, int]``, which a ``List[int]`` parameter refuses
without the ``list`` (checked on torch 2.13: scripts, equal eager). Unsafe: a caller in another
file still passes a tuple (eager is the same; TorchScript refuses it).
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments, self_assignments, self_attribute
from torchlint.lint.script_facts import FINALS, namedtuple_fields
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import (
    annotated_parameter,
    class_body_annotation,
    class_methods,
    contains,
    final_attribute_init,
    fresh_name,
    is_docstring,
    module_bindings,
    names_in,
    plain_reference,
    running_line,
    self_attribute_of_class,
    set_once_in_init,
    variable_uses,
    variables_read,
    whole_shape,
)
from .repair_session22 import ParentMethodCopy, _class_names, _class_of_method
from .script_attribute_annotation import AnnotateEmptyContainer
from .script_namedtuple import NamedTupleReplace
from .script_optional_attribute import LocalForOptionalAttribute, _binds, _ReadLocal


def _top_class(module: cst.Module, name: str) -> Optional[cst.ClassDef]:
    return next(
        (s for s in module.body if isinstance(s, cst.ClassDef) and s.name.value == name), None
    )


# -- TL209: `_replace` of a NamedTuple a function is annotated to return --------------------
class ReturnedNamedTupleReplace(NamedTupleReplace):
    """``NamedTupleReplace`` where the receiver's class is what its bindings are annotated to
    return (unsafe: a subclass instance keeps its own type under ``_replace``)."""

    applicability = "unsafe"

    def _owner(self, function: cst.FunctionDef, receiver: str) -> Optional[str]:
        owner = self._annotated_class(function, receiver)
        cls = _top_class(self.ctx.module, owner) if owner is not None else None
        if cls is None or any(
            isinstance(s, cst.FunctionDef) and s.name.value in ("_replace", "_make")
            for s in cls.body.body
        ):
            return None
        return owner

    def _annotated_class(self, function: cst.FunctionDef, name: str) -> Optional[str]:
        """The class every binding of ``name`` in ``function`` is annotated with: the return
        annotation of each function / method of the file it is bound to a call of, or the
        annotation of the parameter ``name`` (never rebound)."""
        bound = assignments(function, name)
        annotated = annotated_parameter(function, name)
        if annotated is not None:
            return annotated if annotated and not bound else None
        found: set[str] = set()
        for value, _, size in bound:
            if size != 1 or not isinstance(value, cst.Call):
                return None
            returns = self._returns(function, value.func)
            if returns is None:
                return None
            found.add(returns)
        return found.pop() if len(found) == 1 else None

    def _returns(self, function: cst.FunctionDef, func: cst.BaseExpression) -> Optional[str]:
        """The class name ``func`` (a function of the module, ``self.<method>`` of the
        class, or the NamedTuple class itself) is annotated to return."""
        if isinstance(func, cst.Name):
            if namedtuple_fields(self.ctx, func.value) is not None:
                return func.value
            callee = next(
                (
                    s
                    for s in self.ctx.module.body
                    if isinstance(s, cst.FunctionDef) and s.name.value == func.value
                ),
                None,
            )
        else:
            method = self_attribute(func)
            cls = _class_of_method(self, function)
            if method is None or cls is None:
                return None
            callee = next(
                (
                    s
                    for s in cls.body.body
                    if isinstance(s, cst.FunctionDef) and s.name.value == method
                ),
                None,
            )
        if callee is None or callee.returns is None:
            return None
        returns = callee.returns.annotation
        return returns.value if isinstance(returns, cst.Name) else None


# -- TL212: a constant TorchScript cannot hold ---------------------------------------------
_CONSTANT = re.compile(r"^`self\.(\w+)` is a constant of the class \(`Final` / `__constants__`\)")


class ConstantDropped(Fixer):
    codes = ("TL212",)
    applicability = "safe"
    message = "drop the attribute from `__constants__` / `Final` (a plain attribute compiles)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _CONSTANT.match(diagnostic.message)
        if found is None:
            return None
        if not (
            "(a plain dict attribute compiles)" in diagnostic.message
            or "scripted code stores into it" in diagnostic.message
        ):
            return None  # a set constant: a plain set attribute fails too
        attr = found.group(1)
        owner = self_attribute_of_class(self, diagnostic.node)  # type: ignore[arg-type]
        if owner is None or owner[0] != attr or not isinstance(owner[1].body, cst.IndentedBlock):
            return None
        cls = owner[1]
        replacements: list[Replacement] = []
        for line in cls.body.body:
            if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
                continue
            small = line.body[0]
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                if small.target.value == attr:
                    new = self._not_final(line, small)
                    if new is None:
                        return None
                    replacements.append((line, new))
            elif isinstance(small, cst.Assign) and any(
                isinstance(t.target, cst.Name) and t.target.value == "__constants__"
                for t in small.targets
            ):
                if len(small.targets) != 1:
                    return None
                new_value = self._without(small.value, attr)
                if new_value is None:
                    return None
                if new_value is not small.value:
                    replacements.append((small.value, new_value))
        return replacements or None

    def _not_final(
        self, line: cst.SimpleStatementLine, small: cst.AnnAssign
    ) -> Optional[cst.BaseStatement]:
        annotation = small.annotation.annotation
        if isinstance(annotation, cst.Subscript):
            if self.ctx.qualified_name(annotation.value) not in FINALS:
                return None
            if len(annotation.slice) != 1:
                return None
            inner = annotation.slice[0].slice
            if not isinstance(inner, cst.Index):
                return None
            return line.with_changes(
                body=[small.with_changes(annotation=cst.Annotation(inner.value))]
            )
        if self.ctx.qualified_name(annotation) not in FINALS or small.value is None:
            return None
        return line.with_changes(
            body=[cst.Assign(targets=[cst.AssignTarget(small.target)], value=small.value)]
        )

    def _without(self, value: cst.BaseExpression, attr: str) -> Optional[cst.BaseExpression]:
        """The display of names without ``attr`` (``value`` itself where it is not there)."""
        if not isinstance(value, (cst.List, cst.Tuple, cst.Set)):
            return None
        elements = list(value.elements)
        if any(
            not isinstance(e, cst.Element) or not isinstance(e.value, cst.SimpleString)
            for e in elements
        ):
            return None
        kept = [e for e in elements if e.value.evaluated_value != attr]  # type: ignore[union-attr]
        if len(kept) == len(elements):
            return value
        if not kept and isinstance(value, cst.Set):
            return cst.parse_expression("()")
        dropped_last = elements[-1] not in kept
        if kept and dropped_last:
            kept[-1] = kept[-1].with_changes(comma=elements[-1].comma)
        if (
            isinstance(value, cst.Tuple)
            and len(kept) == 1
            and kept[0].comma == cst.MaybeSentinel.DEFAULT
        ):
            kept[0] = kept[0].with_changes(comma=cst.Comma())
        return value.with_changes(elements=kept)


# -- TL209: startswith / endswith of a tuple -------------------------------------------------
class _PrefixCall(Fixer):
    """The `startswith` / `endswith` call of a TL209 finding about a tuple argument."""

    def _call(self, diagnostic: Diagnostic) -> Optional[cst.Call]:
        call = diagnostic.node
        if "with a tuple" not in diagnostic.message or not isinstance(call, cst.Call):
            return None
        if not isinstance(call.func, cst.Attribute) or call.func.attr.value not in (
            "startswith",
            "endswith",
        ):
            return None
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return None
        if not plain_reference(call.func.value) or has_walrus(call):
            return None
        return call


def has_walrus(node: cst.CSTNode) -> bool:
    return contains(node, lambda n: isinstance(n, cst.NamedExpr))


class PrefixAttributeTest(_PrefixCall):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "test each prefix of the tuple in a comprehension (`any([...])`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = self._call(diagnostic)
        if call is None:
            return None
        prefixes = call.args[0].value
        owner = self_attribute_of_class(self, prefixes)
        if owner is None or not self._tuple_attribute(owner[1], owner[0]):
            return None
        function = self.enclosing_function(call)
        if function is None:
            return None
        taken = {n.value for n in names_in(function)}
        loop = "prefix" if "prefix" not in taken else "p"
        while loop in taken:
            loop += "_"
        method = call.func.attr.value  # type: ignore[attr-defined]
        spelled = self.code(call.func.value).strip()  # type: ignore[attr-defined]
        text = f"any([{spelled}.{method}({loop}) for {loop} in {self.code(prefixes).strip()}])"
        return [(call, cst.parse_expression(text))]

    def _tuple_attribute(self, cls: cst.ClassDef, attr: str) -> bool:
        """``__init__`` binds ``self.<attr>`` once, to a tuple display or ``tuple(...)``,
        and no other code of the file stores it."""
        init = next(
            (
                s
                for s in cls.body.body
                if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
            ),
            None,
        )
        if init is None:
            return False
        stores: list[cst.CSTNode] = []

        def store(node: cst.CSTNode) -> bool:
            if isinstance(node, cst.Name) and node.value in ("setattr", "__dict__"):
                return True
            if isinstance(node, cst.Assign):
                if any(_binds(t.target, attr) for t in node.targets):
                    stores.append(node)
            elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For)):
                if _binds(node.target, attr):
                    stores.append(node)
            return False

        if contains(self.ctx.module, store) or len(stores) != 1:
            return False
        only = stores[0]
        if not isinstance(only, cst.Assign) or len(only.targets) != 1:
            return False
        if (
            self.enclosing_function(only) is not init
            or self_attribute(only.targets[0].target) != attr
        ):
            return False
        value = only.value
        if isinstance(value, cst.Tuple):
            return True
        return (
            isinstance(value, cst.Call)
            and self.ctx.qualified_name(value.func) == "builtins.tuple"
            or isinstance(value, cst.Call)
            and isinstance(value.func, cst.Name)
            and value.func.value == "tuple"
            and "tuple" not in module_bindings(self.ctx.module)
        )


# -- TL209: a method read from a class, called with self -------------------------------------
class ClassMethodCopy(ParentMethodCopy):
    codes = ("TL209",)
    applicability = "unsafe"
    message = (
        "call a copy of the class's method, made a method of this class "
        "(`self._base_scores(q, k)`): TorchScript compiles no method read from a class"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Attribute):
            return None
        base = call.func.value
        if not isinstance(base, cst.Name) or not call.args:
            return None
        first = call.args[0]
        if first.keyword is not None or first.star or not isinstance(first.value, cst.Name):
            return None
        method = self.enclosing_function(call)
        if method is None or method.decorators or self.enclosing_function(method) is not None:
            return None
        cls = _class_of_method(self, method)
        params = method.params.params
        if cls is None or not params or params[0].name.value != "self":
            return None
        if first.value.value != "self" or _top_class(self.ctx.module, base.value) is None:
            return None
        name = call.func.attr.value
        # The class `Base.name` finds the method on: `Base` itself, else up its one-base chain
        # (ParentMethodCopy's lookup starts at the base of the class it is given).
        start = cst.ClassDef(
            name=cst.Name("_lookup"),
            body=cst.IndentedBlock([cst.SimpleStatementLine([cst.Pass()])]),
            bases=[cst.Arg(cst.Name(base.value))],
        )
        found = self._parent_method(start, name)
        if found is None:
            return None
        copy_name = self._copy_name(cls, found[0], name)
        return self._with_copy(method, found, name, copy_name, _SelfCall(call, copy_name))


class _SelfCall(cst.CSTTransformer):
    """``Base.m(self, a, b)`` -> ``self.<copy>(a, b)``."""

    def __init__(self, call: cst.Call, copy: str) -> None:
        self.call = call
        self.copy = copy

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        if original is not self.call:
            return updated
        args = list(updated.args[1:])
        if args:
            args[-1] = args[-1].with_changes(comma=updated.args[-1].comma)
        return updated.with_changes(
            func=cst.Attribute(value=cst.Name("self"), attr=cst.Name(self.copy)), args=args
        )


# -- TL213: a lazy tensor cache bound to None in __init__ ------------------------------------
_NONE_CACHE = re.compile(r"^`self\.(\w+)` is None when a freshly built module is scripted")


class NoneCacheAnnotation(Fixer):
    codes = ("TL213",)
    applicability = "safe"
    message = "annotate the cache `Optional[torch.Tensor]` in the class body"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _NONE_CACHE.match(diagnostic.message)
        owner = self_attribute_of_class(self, diagnostic.node)  # type: ignore[arg-type]
        if found is None or owner is None or owner[0] != found.group(1):
            return None
        attr, cls = owner
        if final_attribute_init(cls, attr) is None:
            return None
        if not self._tensor_stores(cls, attr):
            return None
        torch = self.import_module("torch")
        optional = self.import_from("typing", "Optional")
        statement = f"{attr}: {optional}[{torch}.Tensor]"
        lines = list(cls.body.body)
        at = 1 if lines and is_docstring(lines[0]) else 0
        first = lines[at] if at < len(lines) else None
        if (
            isinstance(first, cst.SimpleStatementLine)
            and isinstance(first.body[0], cst.AnnAssign)
            and first.body[0].value is None
        ):
            # next to the annotations already there (an earlier round's), no blank line between
            annotation = cst.parse_statement(f"{statement}\n")
            return [
                (
                    first,
                    cst.FlattenSentinel(
                        [
                            annotation.with_changes(leading_lines=first.leading_lines),
                            first.with_changes(leading_lines=()),
                        ]
                    ),
                )
            ]
        return class_body_annotation(cls, statement)

    def _tensor_stores(self, cls: cst.ClassDef, attr: str) -> bool:
        """Every store of ``self.<attr>`` in the class is None (in ``__init__``) or a tensor,
        at least one a tensor; nothing stores it by name (``setattr``)."""
        values: list[Optional[cst.BaseExpression]] = []
        bad = False

        def enter(node: cst.CSTNode) -> bool:
            nonlocal bad
            if isinstance(node, cst.Name) and node.value in ("setattr", "__dict__"):
                bad = True
            elif isinstance(node, cst.Assign):
                for target in node.targets:
                    values.extend(_stored(target.target, node.value, attr))
            elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For)):
                if _binds(node.target, attr):
                    bad = True
            return False

        contains(cls, enter)
        registered = contains(
            cls,
            lambda n: (
                isinstance(n, cst.Call)
                and isinstance(n.func, cst.Attribute)
                and n.func.attr.value
                in ("register_buffer", "register_parameter", "register_module")
                and bool(n.args)
                and isinstance(n.args[0].value, cst.SimpleString)
                and n.args[0].value.evaluated_value == attr
            ),
        )
        if bad or registered or not values:
            return False  # a None buffer is typed by TorchScript otherwise
        if not any(isinstance(v, cst.Name) and v.value == "None" for v in values):
            return False
        tensors = 0
        for value in values:
            if value is None:
                return False
            if isinstance(value, cst.Name) and value.value == "None":
                function = self.enclosing_function(value)
                if function is None or function.name.value != "__init__":
                    return False
                continue
            if self.kind(value) is not Kind.TENSOR:
                return False
            tensors += 1
        return tensors > 0


def _stored(
    target: cst.BaseExpression, value: cst.BaseExpression, attr: str
) -> list[Optional[cst.BaseExpression]]:
    """What a store puts in ``<obj>.<attr>``: the value, the matching element of a tuple
    display unpacked into a tuple target, None where it cannot tell."""
    if isinstance(target, cst.Attribute):
        return [value] if target.attr.value == attr else []
    if isinstance(target, (cst.Tuple, cst.List)):
        if not any(_binds(e.value, attr) for e in target.elements):
            return []
        if not isinstance(value, (cst.Tuple, cst.List)) or len(value.elements) != len(
            target.elements
        ):
            return [None]
        found: list[Optional[cst.BaseExpression]] = []
        for t, v in zip(target.elements, value.elements):
            if isinstance(t, cst.StarredElement) or isinstance(v, cst.StarredElement):
                return [None]
            found.extend(_stored(t.value, v.value, attr))
        return found
    return []


# -- TL213: an Optional attribute a method also stores --------------------------------------
_ANNOTATED = re.compile(r"^`self\.(\w+)` is annotated Optional in the class body")


class OptionalAttributeLocal(LocalForOptionalAttribute):
    codes = ("TL213",)
    applicability = "unsafe"
    message = (
        "read the Optional attribute through a local (`x = self.x`), tested or asserted not "
        "None (TorchScript refines locals only)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _ANNOTATED.match(diagnostic.message)
        if found is None:
            return None
        attr = found.group(1)
        use = _attribute_read(diagnostic.node, attr)
        function = self.enclosing_function(use) if use is not None else None
        if use is None or function is None:
            return None
        if function.name.value == "__init__":
            return None
        guarded = self._region(use, attr, function)
        if guarded is not None:
            if self._assigned_only_in_init(attr):
                return None  # the safe fixer's case
            statements = guarded[1]
            asserted = False
        else:
            line = running_line(self, use)
            if line is None or not self._fails_on_none(use):
                return None
            statements = [line]
            asserted = True
        if any(_stores(s, attr) for s in statements) or any(
            contains(s, lambda n: isinstance(n, (cst.Lambda, cst.FunctionDef, cst.NamedExpr)))
            for s in statements
        ):
            return None
        local = self._local_name(function, attr)
        binding = f"{local} = self.{attr}\n" + (f"assert {local} is not None\n" if asserted else "")
        replacements: list[Replacement] = []
        for position, statement in enumerate(statements):
            new = statement.visit(_ReadLocal(attr, local))
            if position == 0:
                added = list(cst.parse_module(binding).body)
                added[0] = added[0].with_changes(leading_lines=statement.leading_lines)
                new = cst.FlattenSentinel([*added, new.with_changes(leading_lines=())])
            replacements.append((statement, new))
        return replacements

    def _fails_on_none(self, use: cst.CSTNode) -> bool:
        """Eager raises on None there: ``self.X[...]``, ``self.X.attr``, ``self.X(...)``, an
        operand of arithmetic."""
        parent = self.parent(use)
        if isinstance(parent, cst.Subscript) and parent.value is use:
            return True
        if isinstance(parent, cst.Attribute) and parent.value is use:
            return True
        if isinstance(parent, cst.Call) and parent.func is use:
            return True
        return isinstance(parent, cst.BinaryOperation)


def _attribute_read(node: Optional[cst.CSTNode], attr: str) -> Optional[cst.CSTNode]:
    """``self.<attr>`` itself, or the one a reported use is built on (``self.x.size``,
    ``self.x[:n]``, ``self.x(...)``)."""
    while node is not None and self_attribute(node) != attr:
        if isinstance(node, (cst.Attribute, cst.Subscript)):
            node = node.value
        elif isinstance(node, cst.Call):
            node = node.func
        else:
            return None
    return node


def _stores(statement: cst.CSTNode, attr: str) -> bool:
    def store(node: cst.CSTNode) -> bool:
        if isinstance(node, cst.Assign):
            return any(_binds(t.target, attr) for t in node.targets)
        if isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For)):
            return _binds(node.target, attr)
        if isinstance(node, cst.Del):
            return _binds(node.target, attr)
        return False

    return contains(statement, store)


# -- TL205: `.tolist()` whose items are used as ints -----------------------------------------
class TolistIntAnnotation(Fixer):
    codes = ("TL205",)
    applicability = "safe"
    message = "annotate the list `List[int]` (its items are used as ints)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if "`.tolist()` without a type annotation" not in diagnostic.message:
            return None
        if not isinstance(call, cst.Call) or call.args:
            return None
        assign = self.parent(call)
        if not (
            isinstance(assign, cst.Assign)
            and assign.value is call
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
        ):
            return None
        line = self.parent(assign)
        function = self.enclosing_function(call)
        if function is None or not isinstance(line, cst.SimpleStatementLine):
            return None
        name = assign.targets[0].target.value
        if len(assignments(function, name)) != 1 or not self._items_are_ints(function, name):
            return None
        listed = self.import_from("typing", "List")
        return [
            (
                assign,
                cst.AnnAssign(
                    target=assign.targets[0].target,
                    annotation=cst.Annotation(cst.parse_expression(f"{listed}[int]")),
                    value=call,
                ),
            )
        ]

    def _items_are_ints(self, function: cst.FunctionDef, name: str) -> bool:
        """Every use of ``name`` reads it (no store into it, no call of a method that could
        add another type) and an item of it, taken by a loop (``for n in name``, ``for i, n
        in enumerate(name)``) or a subscript, is a slice bound, an index or a ``range``
        argument somewhere: an item of a nested list or a float would raise there in eager."""
        uses = variable_uses(self, function, name)
        int_use = False
        for use in uses:
            parent = self.parent(use)
            if isinstance(parent, cst.AssignTarget):
                continue  # the one binding (the caller checked)
            if (
                isinstance(parent, (cst.AugAssign, cst.AnnAssign, cst.NamedExpr, cst.AsName))
                or (isinstance(parent, cst.For) and parent.target is use)
                or (isinstance(parent, cst.Attribute) and parent.value is use)
            ):
                return False  # rebound, or a method (append, extend) called on it
            if isinstance(parent, cst.For) and parent.iter is use:
                item = parent.target
            elif (
                isinstance(parent, cst.Arg)
                and isinstance(self.parent(parent), cst.Call)
                and self.ctx.qualified_name(self.parent(parent).func) == "builtins.enumerate"  # type: ignore[union-attr]
                and isinstance(self.parent(self.parent(parent)), cst.For)  # type: ignore[arg-type]
                and self.parent(parent).args[0] is parent  # type: ignore[union-attr]
            ):
                loop = self.parent(self.parent(parent))  # type: ignore[arg-type]
                target = loop.target  # type: ignore[union-attr]
                if not (isinstance(target, cst.Tuple) and len(target.elements) == 2):
                    return False
                item = target.elements[1].value
            elif isinstance(parent, cst.SubscriptElement) or (
                isinstance(parent, cst.Subscript) and parent.value is use
            ):
                if isinstance(parent, cst.Subscript):
                    int_use = int_use or self._int_use(parent)
                continue
            else:
                continue
            if not isinstance(item, cst.Name):
                return False
            loop = self.parent(use) if isinstance(parent, cst.For) else None
            scope = function
            item_uses = variable_uses(self, scope, item.value)
            for item_use in item_uses:
                holder = self.parent(item_use)
                if isinstance(holder, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)):
                    return False
                if (
                    isinstance(holder, cst.For)
                    and holder.target is item_use
                    and holder is not (loop or self.ancestors(use)[2])
                ):
                    return False
                int_use = int_use or self._int_use(item_use)
        return int_use

    def _int_use(self, node: cst.CSTNode) -> bool:
        parent = self.parent(node)
        # `start + size` as the bound: + - * // % of a float give a float, which raises there
        while isinstance(parent, (cst.BinaryOperation, cst.UnaryOperation)) and (
            isinstance(
                getattr(parent, "operator", None),
                (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo, cst.Minus),
            )
        ):
            node, parent = parent, self.parent(parent)
        if isinstance(parent, cst.Slice) and node in (parent.lower, parent.upper, parent.step):
            return True
        if isinstance(parent, cst.Index):
            return True
        return (
            isinstance(parent, cst.Arg)
            and isinstance(self.parent(parent), cst.Call)
            and self.ctx.qualified_name(self.parent(parent).func) == "builtins.range"  # type: ignore[union-attr]
        )


# -- TL208: a dict container indexed by a str attribute set once in __init__ ------------------
class FinalStrKey(Fixer):
    codes = ("TL208",)
    applicability = "unsafe"
    message = "annotate the key `Final[str]` so TorchScript takes it as a constant"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if "indexed with a variable" not in diagnostic.message:
            return None
        if not isinstance(node, cst.Subscript) or len(node.slice) != 1:
            return None
        index = node.slice[0].slice
        attr = self_attribute(index.value) if isinstance(index, cst.Index) else None
        if attr is None or self._container(node.value) is None:
            return None
        cls = next((a for a in self.ancestors(node) if isinstance(a, cst.ClassDef)), None)
        init = final_attribute_init(cls, attr)
        if (
            cls is None
            or init is None
            or not set_once_in_init(self, cls, init, attr, "str", _str_literal)
        ):
            return None
        final = self.import_from("typing", "Final")
        return class_body_annotation(cls, f"{attr}: {final}[str]")

    def _container(self, node: cst.BaseExpression) -> Optional[str]:
        """``torch.nn.ModuleDict`` / ``torch.nn.ParameterDict`` where ``node`` is a chain
        ``self.a.b`` whose last link ``__init__`` binds once to such a call, the links before
        it to calls of classes of the file; None otherwise."""
        chain: list[str] = []
        while isinstance(node, cst.Attribute):
            chain.append(node.attr.value)
            node = node.value
        if not (isinstance(node, cst.Name) and node.value == "self") or not chain:
            return None
        cls = next((a for a in self.ancestors(node) if isinstance(a, cst.ClassDef)), None)
        for position, attr in enumerate(reversed(chain)):
            if cls is None:
                return None
            bound = [v for m in class_methods(cls) for v in self_assignments(m, attr)]
            if len(bound) != 1 or not isinstance(bound[0], cst.Call):
                return None
            func = bound[0].func
            if position == len(chain) - 1:
                name = self.ctx.qualified_name(func)
                return name if name in _DICT_CONTAINERS else None
            cls = _top_class(self.ctx.module, func.value) if isinstance(func, cst.Name) else None
        return None


_DICT_CONTAINERS = frozenset(
    {
        "torch.nn.ModuleDict",
        "torch.nn.modules.container.ModuleDict",
        "torch.nn.ParameterDict",
        "torch.nn.modules.container.ParameterDict",
    }
)


def _str_literal(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.SimpleString)


# -- TL208: `return self.heads[name](x)` of a ModuleDict -------------------------------------
class ModuleDictReturnLoop(FinalStrKey):
    codes = ("TL208",)
    applicability = "unsafe"
    message = (
        "loop over the ModuleDict's items and return from the one whose key matches "
        "(TorchScript unrolls the loop; a missing key raises KeyError as before)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if "indexed with a variable" not in diagnostic.message:
            return None
        if not isinstance(node, cst.Subscript) or len(node.slice) != 1:
            return None
        index = node.slice[0].slice
        if not isinstance(index, cst.Index) or not plain_reference(index.value):
            return None
        if self_attribute(index.value) is not None:
            return None  # a str attribute: FinalStrKey's, where it applies
        container = self._container(node.value)
        if container is None or not container.endswith("ModuleDict"):
            return None
        call = self.parent(node)
        ret = self.parent(call) if isinstance(call, cst.Call) else None
        line = self.parent(ret) if isinstance(ret, cst.Return) else None
        if not (
            isinstance(call, cst.Call)
            and call.func is node
            and isinstance(ret, cst.Return)
            and ret.value is call
            and isinstance(line, cst.SimpleStatementLine)
            and len(line.body) == 1
            and isinstance(self.parent(line), cst.IndentedBlock)
        ):
            return None
        if has_walrus(call) or any(
            isinstance(n, cst.Name) and n.value in ("yield",) for n in names_in(call)
        ):
            return None
        function = self.enclosing_function(node)
        if function is None or _is_generator(function):
            return None
        key = fresh_name(self, node, "name", "key")
        module = fresh_name(self, node, "module", "head", taken=(key,))
        spelled_key = self.code(index.value).strip()
        args = "".join(self.code(a) for a in call.args)
        text = (
            f"for {key}, {module} in {self.code(node.value).strip()}.items():\n"
            f"    if {key} == {spelled_key}:\n"
            f"        return {module}({args})\n"
            f"raise KeyError({spelled_key})\n"
        )
        statements = list(cst.parse_module(text).body)
        statements[0] = statements[0].with_changes(leading_lines=line.leading_lines)
        return [(line, cst.FlattenSentinel(statements))]


def _is_generator(function: cst.FunctionDef) -> bool:
    return contains(
        function.body,
        lambda n: isinstance(n, (cst.Yield,)),
    )


# -- TL235: a local bound to None, then to a tensor in a loop or branch -------------------------
class NoneLocalOptionalTensor(Fixer):
    codes = ("TL235",)
    applicability = "unsafe"
    message = (
        "annotate the local `Optional[torch.Tensor]` and assert it is not None where it is "
        "first used as a tensor after the block"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        assign = diagnostic.node
        if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
            return None
        target = assign.targets[0].target
        function = self.enclosing_function(assign)
        if not isinstance(target, cst.Name) or function is None:
            return None
        name = target.value
        found = self._none_line(assign, name)
        if found is None:
            return None
        block, none_line, compound = found
        if not self._tensors_otherwise(function, name, none_line):
            return None
        statements = list(block.body)
        after = statements[statements.index(compound) + 1 :]
        reader = next((s for s in after if _reads_name(s, name)), None)
        if reader is not None and _binds_name(reader, name):
            return None
        if reader is not None and not self._tensor_use(reader, name):
            return None
        torch = self.import_module("torch")
        optional = self.import_from("typing", "Optional")
        small = none_line.body[0]
        assert isinstance(small, cst.Assign)
        annotated = none_line.with_changes(
            body=[
                cst.AnnAssign(
                    target=cst.Name(name),
                    annotation=cst.Annotation(cst.parse_expression(f"{optional}[{torch}.Tensor]")),
                    value=small.value,
                )
            ]
        )
        replacements: list[Replacement] = [(none_line, annotated)]
        if reader is not None:
            check = cst.parse_statement(f"assert {name} is not None\n")
            replacements.append(
                (
                    reader,
                    cst.FlattenSentinel(
                        [
                            check.with_changes(leading_lines=reader.leading_lines),
                            reader.with_changes(leading_lines=()),
                        ]
                    ),
                )
            )
        return replacements

    def _none_line(
        self, assign: cst.Assign, name: str
    ) -> Optional[tuple[cst.IndentedBlock, cst.SimpleStatementLine, cst.BaseStatement]]:
        """The suite, its earlier ``name = None`` line and the compound statement of the
        suite holding ``assign``."""
        child: cst.CSTNode = assign
        for ancestor in self.ancestors(assign):
            if isinstance(ancestor, cst.FunctionDef):
                return None
            if isinstance(ancestor, cst.IndentedBlock) and isinstance(
                child, (cst.For, cst.While, cst.If, cst.With, cst.Try)
            ):
                statements = list(ancestor.body)
                here = statements.index(child)
                for earlier in reversed(statements[:here]):
                    if (
                        isinstance(earlier, cst.SimpleStatementLine)
                        and len(earlier.body) == 1
                        and isinstance(earlier.body[0], cst.Assign)
                        and len(earlier.body[0].targets) == 1
                        and isinstance(earlier.body[0].targets[0].target, cst.Name)
                        and earlier.body[0].targets[0].target.value == name
                        and isinstance(earlier.body[0].value, cst.Name)
                        and earlier.body[0].value.value == "None"
                    ):
                        return ancestor, earlier, child  # type: ignore[return-value]
                    if _binds_name(earlier, name):
                        return None
            child = ancestor
        return None

    def _tensors_otherwise(
        self, function: cst.FunctionDef, name: str, none_line: cst.SimpleStatementLine
    ) -> bool:
        """Every other binding of ``name`` in the function is a one-target ``=`` of a
        tensor; at least one."""
        values = [v for v in assignments(function, name)]
        others = 0
        for value, _, size in values:
            if isinstance(value, cst.Name) and value.value == "None":
                continue
            if size != 1 or value is None or self.kind(value) is not Kind.TENSOR:
                return False
            others += 1
        binders = [
            n
            for n in variable_uses(self, function, name)
            if isinstance(
                self.parent(n), (cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr, cst.AsName)
            )
            or isinstance(self.parent(n), cst.Element)
        ]
        return others > 0 and not binders

    def _tensor_use(self, statement: cst.BaseStatement, name: str) -> bool:
        """The statement always runs a use of ``name`` that raises on None in eager: a
        subscript, attribute, operand or callee, or the input of a ``torch.nn`` submodule."""
        if not isinstance(statement, cst.SimpleStatementLine):
            return False
        for use in variable_uses(self, statement, name):
            if running_line(self, use) is not statement:
                continue
            parent = self.parent(use)
            if (
                (isinstance(parent, cst.Subscript) and parent.value is use)
                or (isinstance(parent, cst.Attribute) and parent.value is use)
                or isinstance(parent, cst.BinaryOperation)
            ):
                return True
            call = self.parent(parent) if isinstance(parent, cst.Arg) else None
            if isinstance(call, cst.Call) and call.args and call.args[0] is parent:
                if self._torch_submodule(call.func):
                    return True
        return False

    def _torch_submodule(self, func: cst.BaseExpression) -> bool:
        """``self.<attr>`` bound once, in the class, to a ``torch.nn`` layer (no container)."""
        attr = self_attribute(func)
        cls = next((a for a in self.ancestors(func) if isinstance(a, cst.ClassDef)), None)
        if attr is None or cls is None:
            return False
        bound = [v for m in class_methods(cls) for v in self_assignments(m, attr)]
        if len(bound) != 1 or not isinstance(bound[0], cst.Call):
            return False
        qualified = self.ctx.qualified_name(bound[0].func) or ""
        return (
            qualified.startswith("torch.nn.")
            and qualified.rpartition(".")[2][:1].isupper()
            and not qualified.endswith(
                (
                    "ModuleList",
                    "ModuleDict",
                    "Sequential",
                    "ParameterList",
                    "ParameterDict",
                    "Identity",
                )
            )
        )


def _reads_name(statement: cst.CSTNode, name: str) -> bool:
    return contains(statement, lambda n: isinstance(n, cst.Name) and n.value == name)


def _binds_name(statement: cst.CSTNode, name: str) -> bool:
    def bind(node: cst.CSTNode) -> bool:
        targets: list[cst.CSTNode] = []
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For)):
            targets = [node.target]
        return any(
            isinstance(n, cst.Name) and n.value == name for t in targets for n in names_in(t)
        )

    return contains(statement, bind)


# -- TL212: an empty dict keyed by a number parameter or a tuple of sizes ----------------------
class EmptyContainerTupleTypes(AnnotateEmptyContainer):
    """``fixers/script_attribute_annotation.py``'s annotation, for writes its types leave open:
    a key that is a parameter annotated ``int`` / ``float`` / ``str`` / ``bool`` or a local
    bound once to a typed value, a value that is a tuple display of typed elements
    (``self._tables[T] = (emb.cos(), emb.sin())`` with ``T: int`` -> ``_tables: Dict[int,
    Tuple[torch.Tensor, torch.Tensor]]``). Safe, as there: only TorchScript reads a class
    body's value-less annotation."""

    codes = ("TL212",)
    applicability = "safe"
    message = "annotate the container's key and value types in the class body"
    _wider = False

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        self._wider = False
        if super().fix(diagnostic) is not None:
            return None  # AnnotateEmptyContainer's own
        self._wider = True
        try:
            return super().fix(diagnostic)
        finally:
            self._wider = False

    def _annotation(self, cls: cst.ClassDef, attr: str) -> Optional[str]:
        annotation = super()._annotation(cls, attr)
        if annotation is not None and self._wider:
            key = annotation.partition("[")[2]
            if key.startswith(("Tuple[", "typing.Tuple[")):
                return None  # TorchScript keys a dict by int, float, complex, str, Tensor, device
        return annotation

    def _type(self, value: cst.BaseExpression, depth: int = 0) -> Optional[str]:
        plain = super()._type(value)
        if plain is not None or not self._wider or depth > 2:
            return plain
        if isinstance(value, cst.Tuple) and value.elements:
            parts = [
                None if isinstance(e, cst.StarredElement) else self._type(e.value, depth + 1)
                for e in value.elements
            ]
            if any(p is None for p in parts):
                return None
            return f"{self.import_from('typing', 'Tuple')}[{', '.join(parts)}]"  # type: ignore[arg-type]
        if not isinstance(value, cst.Name):
            return None
        function = self.enclosing_function(value)
        if function is None:
            return None
        params = [*function.params.params, *function.params.kwonly_params]
        param = next((p for p in params if p.name.value == value.value), None)
        bound = assignments(function, value.value)
        if param is not None:
            annotation = param.annotation.annotation if param.annotation else None
            if bound or not isinstance(annotation, cst.Name):
                return None
            return annotation.value if annotation.value in _PLAIN_TYPES else None
        if len(bound) != 1 or bound[0][2] != 1 or bound[0][0] is None:
            return None
        return self._type(bound[0][0], depth + 1)


_PLAIN_TYPES = frozenset({"int", "float", "str", "bool"})


# -- TL209: tuple() of a slice of a shape --------------------------------------------------------
class ShapeSliceTuple(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "spell the shape's items out as a tuple display (TorchScript's tuple needs a length)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and "`tuple(...)`" in diagnostic.message
            and self.ctx.qualified_name(call.func) in ("tuple", "builtins.tuple")
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
        ):
            return None
        sliced = call.args[0].value
        if not isinstance(sliced, cst.Subscript) or len(sliced.slice) != 1:
            return None
        shape = sliced.value
        if isinstance(shape, cst.Call) and isinstance(shape.func, cst.Attribute):
            if shape.args or shape.func.attr.value != "size":
                return None
            tensor = shape.func.value
        elif isinstance(shape, cst.Attribute) and shape.attr.value == "shape":
            tensor = shape.value
        else:
            return None
        if not plain_reference(tensor) or self.kind(tensor) is not Kind.TENSOR:
            return None
        window = sliced.slice[0].slice
        if not isinstance(window, cst.Slice) or window.step is not None:
            return None
        lower, upper = _literal(window.lower), _literal(window.upper)
        if lower is None or upper is None:
            return None
        if window.upper is None and lower < 0:
            positions = list(range(lower, 0))
        elif window.lower is None and upper > 0:
            positions = list(range(upper))
        elif lower >= 0 and upper > lower:
            positions = list(range(lower, upper))
        elif lower < 0 and upper < 0 and upper > lower:
            positions = list(range(lower, upper))
        else:
            return None
        if not positions or len(positions) > 6:
            return None
        spelled = self.code(shape).strip()
        items = ", ".join(f"{spelled}[{p}]" for p in positions)
        text = f"({items},)" if len(positions) == 1 else f"({items})"
        return [(call, cst.parse_expression(text))]


def _literal(node: Optional[cst.BaseExpression]) -> Optional[int]:
    """An int literal's value (``-2`` too); 0 for a bound left out."""
    if node is None:
        return 0
    sign = 1
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node, sign = node.expression, -1
    if isinstance(node, cst.Integer):
        return sign * int(node.evaluated_value)
    return None


# -- TL204: try / except in scripted code ------------------------------------------------------
class TryBodyForScript(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = (
        "give TorchScript the `try` body alone, under `if torch.jit.is_scripting():`, and "
        "move the `try` statement to a method the other back-ends call"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        statement = diagnostic.node
        if not isinstance(statement, cst.Try) or "`try`" not in diagnostic.message:
            return None
        if statement.finalbody is not None or statement.orelse is not None:
            return None
        if not statement.handlers or not isinstance(statement.body, cst.IndentedBlock):
            return None
        block = self.parent(statement)
        method = self.enclosing_function(statement)
        if method is None or not isinstance(block, cst.IndentedBlock):
            return None
        cls = _class_of_method(self, method)
        params = method.params.params
        if cls is None or not params or params[0].name.value != "self" or method.decorators:
            return None
        # Every path of the body and of each handler leaves by `return` / `raise`, so the
        # method holding the `try` returns what the function returned.
        if not _ends_in_exit(list(statement.body.body)) or not all(
            isinstance(h.body, cst.IndentedBlock) and _ends_in_exit(list(h.body.body))
            for h in statement.handlers
        ):
            return None
        if contains(
            statement,
            lambda n: (
                isinstance(
                    n,
                    (cst.Yield, cst.Await, cst.Global, cst.Nonlocal, cst.FunctionDef, cst.ClassDef),
                )
                or (isinstance(n, cst.Name) and n.value in ("super", "__class__", "locals", "vars"))
            ),
        ):
            return None
        passed = self._locals_read(method, statement)
        if passed is None:
            return None
        torch = self.import_module("torch")
        name = fresh_name(
            self, method, f"_{method.name.value.strip('_')}_try", taken=_class_names(cls)
        )
        arguments = ", ".join(passed)
        parameters = ", ".join(["self", *passed])
        helper = cst.parse_statement(f"@{torch}.jit.unused\ndef {name}({parameters}):\n    pass\n")
        assert isinstance(helper, cst.FunctionDef)
        helper = helper.with_changes(
            body=cst.IndentedBlock(body=[statement.with_changes(leading_lines=())]),
            leading_lines=[
                cst.EmptyLine(indent=False),
                cst.EmptyLine(
                    indent=True,
                    comment=cst.Comment(
                        f"# the `try` of {method.name.value}, out of TorchScript's reach"
                    ),
                ),
            ],
        )
        call = cst.parse_statement(f"return self.{name}({arguments})\n")
        guarded = cst.If(
            test=cst.parse_expression(f"{torch}.jit.is_scripting()"),
            body=statement.body,
            orelse=cst.Else(body=cst.IndentedBlock(body=[call])),
            leading_lines=statement.leading_lines,
        )
        new_method = method.visit(_Swap(statement, guarded))
        return [(method, cst.FlattenSentinel([new_method, helper]))]

    def _locals_read(self, method: cst.FunctionDef, statement: cst.Try) -> Optional[list[str]]:
        """The names of ``method``'s parameters and of the locals it binds outside the
        ``try`` that the ``try`` reads, in order; ``self`` left out."""
        params = method.params
        if not isinstance(params.star_arg, (cst.MaybeSentinel, cst.ParamStar)) or (
            params.star_kwarg is not None
        ):
            return None
        every = [*params.posonly_params, *params.params, *params.kwonly_params]
        local = {p.name.value for p in every}

        def binds(node: cst.CSTNode) -> Optional[bool]:
            if node is statement:
                return False  # not into the `try`
            targets: list[cst.CSTNode] = []
            if isinstance(node, cst.Assign):
                targets = [t.target for t in node.targets]
            elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor)):
                targets = [node.target]
            elif isinstance(node, cst.AsName):
                targets = [node.name]
            elif isinstance(node, cst.NamedExpr):
                targets = [node.target]
            for target in targets:
                local.update(n.value for n in names_in(target))
            return None

        walk(method.body, binds, lambda node: None)
        order: list[str] = []
        for use in variables_read(statement):
            if use.value in local and use.value != "self" and use.value not in order:
                order.append(use.value)
        return order


class _Swap(cst.CSTTransformer):
    def __init__(self, old: cst.CSTNode, new: cst.CSTNode) -> None:
        self.old, self.new = old, new

    def on_leave(self, original, updated):  # type: ignore[no-untyped-def, override]
        return self.new if original is self.old else updated


def _ends_in_exit(statements: list[cst.BaseStatement]) -> bool:
    last = statements[-1] if statements else None
    if isinstance(last, cst.SimpleStatementLine):
        return isinstance(last.body[-1], (cst.Return, cst.Raise))
    return False


# -- TL214: a Tuple[T, ...] parameter ----------------------------------------------------------
class VariadicTupleParameterAsList(Fixer):
    codes = ("TL214",)
    applicability = "unsafe"
    message = "annotate the parameter `List[T]` and hand it a list (`list(...)` at each call)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "variable-length tuple annotation" not in diagnostic.message:
            return None
        annotation = diagnostic.node
        param = next((a for a in self.ancestors(annotation) if isinstance(a, cst.Param)), None)
        if (
            param is None
            or param.annotation is None
            or param.annotation.annotation is not annotation
        ):
            return None
        element = _variadic_element(self, annotation)  # type: ignore[arg-type]
        function = self.enclosing_function(param)
        if element is None or function is None or function not in self.ctx.module.body:
            return None
        if param.star or param not in function.params.params:
            return None
        if not self._read_as_a_sequence(function, param.name.value):
            return None
        calls = self._calls(function, param)
        if calls is None:
            return None
        listed = self.import_from("typing", "List")
        replacements: list[Replacement] = [
            (annotation, cst.parse_expression(f"{listed}[{self.code(element).strip()}]"))
        ]
        for arg in calls:
            value = arg.value
            if isinstance(value, cst.Tuple) and value.elements:
                new: cst.BaseExpression = cst.List(elements=value.elements)
            elif isinstance(value, cst.List) or whole_shape(value):
                continue  # a list already, in eager and TorchScript
            else:
                new = cst.parse_expression(f"list({self.code(value).strip()})")
            replacements.append((value, new))
        return replacements

    def _read_as_a_sequence(self, function: cst.FunctionDef, name: str) -> bool:
        """The parameter is never rebound and only iterated (``for``, ``enumerate``), sized
        (``len``) or indexed by one position: a list gives what the tuple gave."""
        for use in variable_uses(self, function, name):
            parent = self.parent(use)
            if isinstance(parent, cst.Param):
                continue
            if isinstance(parent, cst.For) and parent.iter is use:
                continue
            if isinstance(parent, cst.Subscript) and parent.value is use:
                index = parent.slice[0].slice if len(parent.slice) == 1 else None
                holder = self.parent(parent)
                stored = isinstance(holder, (cst.AssignTarget, cst.Del)) or (
                    isinstance(holder, (cst.AugAssign, cst.AnnAssign)) and holder.target is parent
                )
                if isinstance(index, cst.Index) and not stored:
                    continue  # one item, read: the same object from a list
                return False
            if isinstance(parent, cst.Arg):
                call = self.parent(parent)
                if (
                    isinstance(call, cst.Call)
                    and len(call.args) == 1
                    and self.ctx.qualified_name(call.func) in ("builtins.len", "builtins.enumerate")
                ):
                    continue
            return False
        return True

    def _calls(self, function: cst.FunctionDef, param: cst.Param) -> Optional[list[cst.Arg]]:
        """The argument each call of the module gives ``param``; None where the function is
        mentioned otherwise than called, or a call gives it by ``*`` or not at all."""
        from ._shared import local_callee, receiving_param

        found: list[cst.Arg] = []
        name = function.name.value
        for node in names_in(self.ctx.module):
            if node.value != name or node is function.name:
                continue
            call = self.parent(node)
            if not isinstance(call, cst.Call) or call.func is not node:
                return None
            callee = local_callee(self, call)
            if callee is None or callee[0] is not function or any(a.star for a in call.args):
                return None
            given = [a for a in call.args if receiving_param(function, call, a, callee[1]) is param]
            if len(given) != 1:
                return None
            found.append(given[0])
        return found or None


def _variadic_element(fixer: Fixer, annotation: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """``T`` of ``Tuple[T, ...]`` / ``tuple[T, ...]``, ``T`` a name (``int``, ``float``,
    ``str``, ``bool``, ``Tensor``) or ``torch.Tensor``."""
    if not isinstance(annotation, cst.Subscript) or len(annotation.slice) != 2:
        return None
    if fixer.ctx.qualified_name(annotation.value) not in (
        "typing.Tuple",
        "builtins.tuple",
        "tuple",
    ):
        return None
    first, second = (e.slice for e in annotation.slice)
    if not isinstance(first, cst.Index) or not isinstance(second, cst.Index):
        return None
    if not isinstance(second.value, cst.Ellipsis):
        return None
    element = first.value
    if isinstance(element, cst.Name) and element.value in ("int", "float", "str", "bool"):
        return element
    if fixer.ctx.qualified_name(element) == "torch.Tensor":
        return element
    return None
