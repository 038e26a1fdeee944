"""Script repairs from the twenty-fifth session's held-out probes (issue #23).

``ComprehensionToLoopDeclaredList`` (TL204, unsafe): ``return [s for s in self.scales if s >
1]`` in a function annotated ``-> List[int]`` (or the value of ``name: List[T] = [...]``)
whose element the kinds cannot name -> the loop of fixers/script_comprehension.py, its list
typed by the author's annotation (``selected: List[int] = []``). Unsafe for that fixer's
reasons (the list is built by ``append``; the hoisted list is built before the statement runs).

``ParameterListLoop`` (TL208, unsafe): the loops of fixers/script_module_loops.py where the
container is an ``nn.ParameterList`` (``for h, scale in zip(hs, self.scales):`` -> ``for i,
scale in enumerate(self.scales): h = hs[i]``): TorchScript unrolls a ParameterList as it does a
ModuleList but zips it with no list (torch 2.13: Can not iterate over a module list or tuple
with a value that does not have a statically determinable length); the kinds call it a list of
tensors, so that fixer did not take it for a container. Unsafe as that fixer is (a plain list
shorter than the parameters stopped ``zip`` and raises ``IndexError`` now).

``ModuleCalledAtVariableIndex`` (TL208, unsafe): a statement calling ``self.blocks[e](...)``
(``e`` no literal: ``outs.append(self.heads[i](feats[i]))``, ``xs = xs +
self.resblocks[i * n + j](x)``) -> the statement under ``for k, block in
enumerate(self.blocks): if k == e:``, the call made on ``block``. TorchScript unrolls the loop
(one copy per module, each testing its constant position against ``e`` at run time) and takes
no variable index into a ModuleList / Sequential (torch 2.13: Expected integer literal for
index); checked: scripts, equals eager. ``e`` is evaluated once, before the loop (bound to a
fresh name unless it is a name the statement does not rebind). Only for a ``nn.ModuleList`` /
``nn.Sequential`` attribute of the class, a statement of its own line (an expression, ``=`` or
``+=``, not ``return``) that runs every time its line does, whose stored names are bound
elsewhere in the function too (TorchScript needs a name assigned under the ``if`` bound
before it), an index with no call in it. A negative ``e`` picks a module from the end as
Python's indexing does: the test is ``position == e or position - len(self.blocks) == e``,
unless ``e`` is a name bound only by loops that count up from zero (``for i in range(n)``, the
position of ``enumerate``), where ``position == e`` alone. Unsafe: an ``e`` past either end
raised ``IndexError``; now the statement does not run.

``ReversedModuleListLoop`` (TL209, unsafe): ``for block in reversed(self.up): body`` of a
ModuleList / Sequential -> ``for index in range(len(self.up) - 1, -1, -1): for position,
block in enumerate(self.up): if position == index: body``. TorchScript iterates a module
container forward only and slices it only forward (torch 2.13: ``self.up[::-1]`` compiles to
a container whose modules have no ``__call__``). The body runs for the same modules in the
same order (checked: scripts, equals eager). Only where the body has no ``break`` /
``continue`` of this loop (they would now leave the inner loop), no ``return`` / ``yield``,
does not change the container, the loop variable is not read after the loop, and the names the
body stores that are read after it are bound before it too. Unsafe: the scripted graph holds
the body once per pair of positions (len² copies), and the loop variable is left at the last
module rather than the first.

``UnusedMethodOutOfScript`` (TL209, unsafe): ``if self.memory_efficient: return
self.checkpointed(x)`` calling a ``@torch.jit.unused`` method whose body is ``return
checkpoint(self.bottleneck, x, use_reentrant=False)``, with ``return self.bottleneck(x)``
after the ``if`` (or in its ``else``; ``y = ...`` in both branches alike) -> ``if
self.memory_efficient and not torch.jit.is_scripting():``, the rule's own fix text.
``torch.jit.is_scripting()`` is False in eager, under torch.compile, export and trace, so they
run as before; scripted code takes the other path instead of the stub that raises, and that
path calls the function the method checkpoints with the same arguments:
``torch.utils.checkpoint.checkpoint(f, *args)`` returns ``f(*args)`` (its keyword options
``use_reentrant``, ``preserve_rng_state``, ``determinism_check``, ``debug`` change what
backward recomputes, not the value). torchvision's DenseNet layer does this. Only for that
shape: where the other path computes something else the scripted model would compute
otherwise, and no fix is offered. Unsafe: scripted code no longer checkpoints (more memory in
training).

``ScriptedDataclassConfig`` (TL212, unsafe): ``self.config = config`` of a ``@dataclass`` of
this file read in scripted code -> ``@torch.jit.script`` above ``@dataclass``: TorchScript
compiles the dataclass into a class type (its ``__init__`` synthesised from the fields) and
types the attribute by it (checked on torch 2.13: scripts, equals eager; without it: Failed to
get source for ``Config.__init__``). ``torch.jit.script`` hands the class back, so eager code
makes and reads the same objects. Only for a dataclass whose body holds a docstring and fields
alone, each annotated ``int`` / ``float`` / ``bool`` / ``str`` / ``torch.Tensor`` or
``List`` / ``Tuple`` / ``Optional`` / ``Dict`` of those, with a literal default or none.
Unsafe: importing the file now compiles the class (a DeprecationWarning, and time).

``ItemStoredAsFloat`` (TL223, safe): ``self.last = t.item()`` into an attribute ``__init__``
binds only to floats -> ``if torch.jit.is_scripting(): self.last = float(t.item())`` with the
original line under ``else:``. TorchScript types a ``.item()`` as ``number`` and refuses to
store one in a float attribute (torch 2.13: Wrong type for attribute assignment. Expected float
but got number); it compiles only the ``is_scripting()`` branch. ``float(...)`` is kept out of
the other back-ends: ``torch.export`` fails on ``float()`` of an item (a data-dependent
value), which it stores as it is. Safe: ``torch.jit.is_scripting()`` is False in eager, under
torch.compile, export and trace, which run the original line (checked on torch 2.13: scripts,
equals eager, exports, compiles with ``fullgraph=True``). The same for an int value stored
there.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import (
    assigned_names,
    assigned_values,
    contains,
    fresh_name,
    guarded,
    is_docstring,
    local_callee,
    local_definition,
    running_line,
    self_attribute_of_class,
    variable_uses,
)
from .script_comprehension import ComprehensionToLoop
from .script_module_loops import ModuleLoopOverContainer

# Containers whose items TorchScript reads by unrolling a loop, not by a variable index.
_MODULE_LISTS = frozenset(
    f"torch.nn.{prefix}{name}"
    for prefix in ("", "modules.container.")
    for name in ("ModuleList", "Sequential")
)
_PARAMETER_LISTS = frozenset(
    f"torch.nn.{prefix}ParameterList" for prefix in ("", "modules.container.")
)


def _list_annotation_element(fixer: Fixer, annotation: cst.BaseExpression) -> Optional[str]:
    """``T`` of ``List[T]`` / ``list[T]`` as written; None for any other annotation."""
    if not (
        isinstance(annotation, cst.Subscript)
        and len(annotation.slice) == 1
        and isinstance(annotation.slice[0].slice, cst.Index)
        and fixer.ctx.qualified_name(annotation.value) in ("typing.List", "builtins.list")
    ):
        return None
    return fixer.code(annotation.slice[0].slice.value).strip()


class ComprehensionToLoopDeclaredList(ComprehensionToLoop):
    """The loop of ``ComprehensionToLoop`` where the author's annotation types the list."""

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if not isinstance(diagnostic.node, cst.ListComp):
            return None  # dict comprehensions: the base fixer's, typed by theirs already
        return super().fix(diagnostic)

    def _element_type(self, comp: cst.ListComp) -> Optional[str]:
        if super()._element_type(comp) is not None:
            return None  # the base fixer's case, which it fixes itself
        parent = self.parent(comp)
        function = self.enclosing_function(comp)
        if isinstance(parent, cst.AnnAssign) and parent.value is comp:
            annotation: Optional[cst.BaseExpression] = parent.annotation.annotation
        elif isinstance(parent, cst.Return) and function is not None and function.returns:
            annotation = function.returns.annotation
        else:
            return None
        return _list_annotation_element(self, annotation) if annotation is not None else None


def _class_values(
    fixer: Fixer, node: cst.BaseExpression
) -> Optional[list[Optional[cst.BaseExpression]]]:
    """What the class binds to ``self.<attr>`` (``node``), in every method; None when ``node``
    is no ``self`` attribute of a class of this file."""
    found = self_attribute_of_class(fixer, node)
    if found is None:
        return None
    attr, cls = found
    return assigned_values(fixer, cls, f"self.{attr}")


def _made_by(fixer: Fixer, node: cst.BaseExpression, classes: frozenset[str]) -> bool:
    """``self.<attr>`` that the class binds only to calls of ``classes`` (at least once)."""
    values = _class_values(fixer, node)
    return bool(values) and all(
        isinstance(v, cst.Call) and fixer.ctx.qualified_name(v.func) in classes
        for v in values  # type: ignore[union-attr]
    )


class ParameterListLoop(ModuleLoopOverContainer):
    """``ModuleLoopOverContainer`` with an ``nn.ParameterList`` taken for the container."""

    def _kind(self, node: cst.BaseExpression) -> Kind:
        kind = super()._kind(node)
        if kind is not Kind.MODULES and _made_by(self, node, _PARAMETER_LISTS):
            return Kind.MODULES
        return kind


def _no_call(node: cst.BaseExpression) -> bool:
    """No call, ``:=``, ``await`` or ``yield`` in ``node``: reading it has no side effect."""
    return not contains(
        node, lambda n: isinstance(n, (cst.Call, cst.NamedExpr, cst.Await, cst.Yield, cst.Lambda))
    )


def _bound_elsewhere(
    fixer: Fixer, function: cst.FunctionDef, name: str, statement: cst.CSTNode
) -> bool:
    """``name`` is a parameter of ``function`` or bound in it outside ``statement``."""
    params = function.params
    every = (*params.posonly_params, *params.params, *params.kwonly_params)
    if any(p.name.value == name for p in every):
        return True
    inside = {id(n) for n in variable_uses(fixer, statement, name)}
    for use in variable_uses(fixer, function.body, name):
        if id(use) in inside:
            continue
        parent = fixer.parent(use)
        if isinstance(parent, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For)):
            if getattr(parent, "target", None) is use:
                return True
        if isinstance(parent, cst.Element):
            return True  # a name of a tuple target
    return False


def _element_name(
    fixer: Fixer, at: cst.CSTNode, container: cst.BaseExpression, taken: set[str]
) -> str:
    base = container.attr.value if isinstance(container, cst.Attribute) else "module"
    base = base.strip("_") or "module"
    base = base[:-1] if base.endswith("s") and len(base) > 1 else f"{base}_module"
    return fresh_name(fixer, at, base, taken=taken)


class ModuleCalledAtVariableIndex(Fixer):
    codes = ("TL208",)
    applicability = "unsafe"
    message = (
        "run the statement in a loop over the container, for the module whose position "
        "equals the index (TorchScript unrolls the loop)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        sub = diagnostic.node
        call = self.parent(sub) if isinstance(sub, cst.Subscript) else None
        if not (isinstance(call, cst.Call) and call.func is sub and isinstance(sub, cst.Subscript)):
            return None
        if len(sub.slice) != 1 or not isinstance(sub.slice[0].slice, cst.Index):
            return None
        index = sub.slice[0].slice.value
        container = sub.value
        if isinstance(index, (cst.Integer, cst.SimpleString)) or not _no_call(index):
            return None
        if not _made_by(self, container, _MODULE_LISTS):
            return None
        line = running_line(self, call)
        function = self.enclosing_function(call)
        if line is None or function is None or len(line.body) != 1:
            return None
        small = line.body[0]
        if not isinstance(small, (cst.Expr, cst.Assign, cst.AugAssign)):
            return None
        spelled = self.code(container).strip()
        # One read of the container on the line: the one the loop replaces.
        reads = [0]

        def count(node: cst.CSTNode) -> None:
            if isinstance(node, (cst.Attribute, cst.Name)) and self.code(node).strip() == spelled:
                reads[0] += 1

        walk(line, count, lambda node: None)
        if reads[0] != 1:
            return None
        stored = assigned_names(small)
        if isinstance(small, (cst.Assign, cst.AugAssign)) and not all(
            isinstance(t, cst.Name)
            for t in (
                [x.target for x in small.targets]
                if isinstance(small, cst.Assign)
                else [small.target]
            )
        ):
            return None
        if any(not _bound_elsewhere(self, function, name, line) for name in stored):
            return None
        taken: set[str] = set()
        position = fresh_name(self, line, "position", taken=taken)
        taken.add(position)
        module = _element_name(self, line, container, taken)
        taken.add(module)
        before: list[cst.BaseStatement] = []
        if isinstance(index, cst.Name) and index.value not in stored:
            wanted = index.value
        else:
            wanted = fresh_name(self, line, "index", taken=taken)
            before.append(cst.parse_statement(f"{wanted} = {self.code(index).strip()}\n"))
        test = f"{position} == {wanted}"
        if not _counted_from_zero(self, function, index):
            # a negative index picks a module from the end, as Python's indexing does
            test += f" or {position} - len({spelled}) == {wanted}"
        loop = cst.parse_statement(
            f"for {position}, {module} in enumerate({spelled}):\n    if {test}:\n        pass\n"
        )
        assert isinstance(loop, cst.For)
        moved = line.deep_replace(sub, cst.Name(module)).with_changes(leading_lines=())
        guard = loop.body.body[0]
        assert isinstance(guard, cst.If)
        loop = loop.with_changes(
            body=loop.body.with_changes(
                body=[guard.with_changes(body=guard.body.with_changes(body=[moved]))]
            )
        )
        statements = [*before, loop]
        statements[0] = statements[0].with_changes(leading_lines=line.leading_lines)
        return [(line, cst.FlattenSentinel(statements))]


def _non_negative_literal(arg: cst.Arg) -> bool:
    return isinstance(arg.value, cst.Integer) and not arg.star


def _counted_from_zero(fixer: Fixer, function: cst.FunctionDef, index: cst.BaseExpression) -> bool:
    """``index`` is a name the function binds only as the target of loops that count up from
    zero or more: ``for i in range(n)`` / ``range(a, n)`` / ``range(a, n, s)`` with literal
    ``a >= 0`` and ``s > 0``, or the position of ``for i, x in enumerate(xs)`` (a literal
    ``start`` >= 0), so it never indexes from the end."""
    if not isinstance(index, cst.Name):
        return False
    name = index.value
    params = function.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    every += [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    if any(p.name.value == name for p in every):
        return False
    loops: list[cst.For] = []
    other = [False]

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if isinstance(node, cst.For):
            if isinstance(node.target, cst.Name) and node.target.value == name:
                loops.append(node)
            elif any(n.value == name for n in _target_names(node.target)):
                if _enumerate_position(node.target, name):
                    loops.append(node)
                else:
                    other[0] = True
        elif isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.NamedExpr)):
            targets = (
                [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            )
            if any(n.value == name for t in targets for n in _target_names(t)):
                other[0] = True
        elif isinstance(node, (cst.AsName, cst.CompFor, cst.Global, cst.Nonlocal)):
            if any(n.value == name for n in names_of(node)):
                other[0] = True
        elif isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and node is not function:
            return False
        return None

    def names_of(node: cst.CSTNode) -> list[cst.Name]:
        if isinstance(node, cst.AsName):
            return _target_names(node.name)
        if isinstance(node, cst.CompFor):
            return []  # a comprehension's target is its own scope's
        return [n.name for n in node.names]

    walk(function, enter, lambda node: None)
    if other[0] or not loops:
        return False
    for loop in loops:
        call = loop.iter
        if not isinstance(call, cst.Call) or any(a.star for a in call.args):
            return False
        callee = fixer.ctx.qualified_name(call.func)
        args = list(call.args)
        if isinstance(loop.target, cst.Name):
            if callee != "builtins.range" or not 1 <= len(args) <= 3:
                return False
            if any(a.keyword for a in args):
                return False
            if len(args) >= 2 and not _non_negative_literal(args[0]):
                return False
            if len(args) == 3 and not (
                _non_negative_literal(args[2]) and int(args[2].value.value, 0) > 0
            ):
                return False
        else:
            if callee != "builtins.enumerate" or not args or args[0].keyword:
                return False
            if any(not _non_negative_literal(extra) for extra in args[1:]):
                return False
    return True


def _target_names(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _target_names(e.value)]
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return []


def _enumerate_position(target: cst.BaseExpression, name: str) -> bool:
    """``name`` is the first of a two-name tuple target (``for i, x in ...``), and nowhere
    else in it."""
    if not (isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == 2):
        return False
    first, second = (e.value for e in target.elements)
    return (
        isinstance(first, cst.Name)
        and first.value == name
        and all(n.value != name for n in _target_names(second))
    )


def _jumps_out(body: cst.CSTNode) -> bool:
    """A ``break`` / ``continue`` of the loop holding ``body`` (not of a loop inside it), or a
    ``return`` / ``yield`` anywhere in it."""
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if isinstance(node, (cst.Return, cst.Yield)):
            found = True
        if isinstance(node, (cst.Break, cst.Continue)):
            found = True
        if isinstance(node, (cst.For, cst.While)):
            # a nested loop's own break / continue stay its own; look for return / yield only
            found = found or contains(node, lambda n: isinstance(n, (cst.Return, cst.Yield)))
            return False
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        return None

    walk(body, enter, lambda node: None)
    return found


class ReversedModuleListLoop(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = (
        "count the positions down and run the body for the module at each (TorchScript "
        "iterates a module container forward only)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and self.ctx.qualified_name(call.func) == "builtins.reversed"
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
        ):
            return None
        container = call.args[0].value
        loop = self.parent(call)
        function = self.enclosing_function(call)
        if not (
            isinstance(loop, cst.For)
            and loop.iter is call
            and loop.orelse is None
            and loop.asynchronous is None
            and isinstance(loop.target, cst.Name)
            and isinstance(loop.body, cst.IndentedBlock)
            and function is not None
            and _made_by(self, container, _MODULE_LISTS)
        ):
            return None
        if _jumps_out(loop.body):
            return None
        spelled = self.code(container).strip()
        if contains(
            loop.body,
            lambda n: (
                isinstance(n, (cst.Call, cst.AssignTarget, cst.Del))
                and self.code(n.func if isinstance(n, cst.Call) else n).strip().startswith(spelled)
                and not (isinstance(n, cst.Call) and self.code(n.func).strip() == spelled)
            ),
        ):
            return None  # `self.up.append(...)`, a store into the container
        inside = {id(n) for n in walk_names(loop)}
        target = loop.target.value
        if any(id(u) not in inside for u in variable_uses(self, function, target)):
            return None  # the loop variable is read after the loop
        for name in _stored_names(loop.body):
            outside = [u for u in variable_uses(self, function, name) if id(u) not in inside]
            if outside and not _bound_elsewhere(self, function, name, loop):
                return None
        index = fresh_name(self, loop, "index")
        position = fresh_name(self, loop, "position", taken={index})
        new = cst.parse_statement(
            f"for {index} in range(len({spelled}) - 1, -1, -1):\n"
            f"    for {position}, {target} in enumerate({spelled}):\n"
            f"        if {position} == {index}:\n"
            "            pass\n"
        )
        assert isinstance(new, cst.For)
        inner = new.body.body[0]
        assert isinstance(inner, cst.For)
        guard = inner.body.body[0]
        assert isinstance(guard, cst.If)
        body = loop.body.with_changes(header=cst.TrailingWhitespace())
        inner = inner.with_changes(
            body=inner.body.with_changes(body=[guard.with_changes(body=body)])
        )
        new = new.with_changes(
            body=new.body.with_changes(body=[inner], header=loop.body.header),
            leading_lines=loop.leading_lines,
        )
        return [(loop, new)]


def walk_names(root: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []
    walk(root, lambda n: found.append(n) if isinstance(n, cst.Name) else None, lambda n: None)
    return found


def _stored_names(root: cst.CSTNode) -> set[str]:
    """The names the statements in ``root`` bind."""
    names: set[str] = set()

    def enter(node: cst.CSTNode) -> None:
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            names.update(assigned_names(node))
        elif isinstance(node, cst.For):
            names.update(n.value for n in walk_names(node.target))

    walk(root, enter, lambda node: None)
    return names


class UnusedMethodOutOfScript(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = (
        "add `not torch.jit.is_scripting()` to the test of the `if` that runs the unused method"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "runs a `@torch.jit.unused` method under `if` tests" not in diagnostic.message:
            return None
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        child: cst.CSTNode = call
        guard: Optional[cst.If] = None
        for ancestor in self.ancestors(call):
            if isinstance(ancestor, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                break
            if isinstance(ancestor, cst.If):
                if ancestor.body is not child:
                    return None  # in the `else` / `elif` of a test the guard would not reach
                guard = ancestor
                break
            child = ancestor
        if guard is None or not self._falls_back_to_the_same_call(call, guard):
            return None
        test = guard.test
        if contains(
            test,
            lambda n: (
                isinstance(n, cst.Attribute)
                and self.ctx.qualified_name(n) == "torch.jit.is_scripting"
            ),
        ):
            return None
        torch = self.import_module("torch")
        left = test
        loose = isinstance(test, (cst.IfExp, cst.Lambda, cst.NamedExpr)) or (
            isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or)
        )
        if loose and not test.lpar:
            left = test.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        combined = cst.BooleanOperation(
            left=left,
            operator=cst.And(),
            right=cst.parse_expression(f"not {torch}.jit.is_scripting()"),
        )
        return [(test, combined)]

    def _falls_back_to_the_same_call(self, call: cst.Call, guard: cst.If) -> bool:
        """The ``if`` runs ``return <call>`` (or ``y = <call>``) alone, and what scripted code
        runs instead, its ``else`` (or, for a ``return``, the statement after the ``if``), is
        the same statement with the call the unused method checkpoints."""
        direct = self._checkpointed_call(call)
        body = guard.body.body if isinstance(guard.body, cst.IndentedBlock) else []
        if direct is None or len(body) != 1:
            return False
        taken = _single_small(body[0])
        if isinstance(guard.orelse, cst.Else):
            other = (
                guard.orelse.body.body if isinstance(guard.orelse.body, cst.IndentedBlock) else []
            )
            fallback = _single_small(other[0]) if len(other) == 1 else None
        elif guard.orelse is None and isinstance(taken, cst.Return):
            block = self.parent(guard)
            lines = list(block.body) if isinstance(block, cst.IndentedBlock) else []
            at = next((i for i, line in enumerate(lines) if line is guard), len(lines))
            fallback = _single_small(lines[at + 1]) if at + 1 < len(lines) else None
        else:
            return False
        if isinstance(taken, cst.Return) and isinstance(fallback, cst.Return):
            ran, instead = taken.value, fallback.value
        elif (
            isinstance(taken, cst.Assign)
            and isinstance(fallback, cst.Assign)
            and _flat(self.code(taken.targets[0].target))
            == _flat(self.code(fallback.targets[0].target))
            and len(taken.targets) == len(fallback.targets) == 1
        ):
            ran, instead = taken.value, fallback.value
        else:
            return False
        return ran is call and instead is not None and _flat(self.code(instead)) == direct

    def _checkpointed_call(self, call: cst.Call) -> Optional[str]:
        """``f(a, b)`` (flat text) where the method ``call`` runs is ``return
        checkpoint(f, p, q, ...)`` of its parameters ``p``, ``q`` that ``call`` passes ``a``,
        ``b``: ``torch.utils.checkpoint.checkpoint`` computes ``f(a, b)`` (its keyword options
        change what backward recomputes, not the value)."""
        found = local_callee(self, call)
        if found is None or any(a.keyword is not None or a.star for a in call.args):
            return None
        method, bound = found
        params = method.params
        if isinstance(params.star_arg, cst.Param) or params.kwonly_params or params.star_kwarg:
            return None
        lines = method.body.body if isinstance(method.body, cst.IndentedBlock) else []
        lines = [line for line in lines if not is_docstring(line)]
        returned = _single_small(lines[0]) if len(lines) == 1 else None
        checkpoint = returned.value if isinstance(returned, cst.Return) else None
        if not (
            isinstance(checkpoint, cst.Call)
            and self.ctx.qualified_name(checkpoint.func) in _CHECKPOINTS
            and not any(a.star for a in checkpoint.args)
            and all(
                a.keyword is None or a.keyword.value in _CHECKPOINT_OPTIONS for a in checkpoint.args
            )
        ):
            return None
        positional = [a.value for a in checkpoint.args if a.keyword is None]
        names = [p.name.value for p in (*params.posonly_params, *params.params)][
            1 if bound else 0 :
        ]
        if (
            not positional
            or len(names) != len(call.args)
            or any(p.default is not None for p in (*params.posonly_params, *params.params))
        ):
            return None
        passed = {n: _flat(self.code(a.value)) for n, a in zip(names, call.args)}
        function, *inputs = positional
        if contains(function, lambda n: isinstance(n, cst.Name) and n.value in passed):
            return None
        texts = []
        for value in inputs:
            if not isinstance(value, cst.Name) or value.value not in passed:
                return None
            texts.append(passed[value.value])
        return f"{_flat(self.code(function))}({','.join(texts)})"


# `torch.utils.checkpoint.checkpoint` and the keyword options that leave its value alone
# (read off its signature in torch 2.13: use_reentrant, context_fn, determinism_check, debug,
# preserve_rng_state; context_fn is left out, it may change what runs).
_CHECKPOINTS = frozenset({"torch.utils.checkpoint.checkpoint"})
_CHECKPOINT_OPTIONS = frozenset(
    {"use_reentrant", "preserve_rng_state", "determinism_check", "debug"}
)


def _single_small(line: cst.CSTNode) -> Optional[cst.BaseSmallStatement]:
    if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1:
        return line.body[0]
    return None


def _flat(text: str) -> str:
    return "".join(text.split())


# Field annotations TorchScript types in a scripted dataclass (checked on torch 2.13).
_FIELD_TYPES = frozenset({"int", "float", "bool", "str"})
_FIELD_GENERICS = frozenset({"List", "Tuple", "Optional", "Dict", "list", "tuple", "dict"})


def _scriptable_field(fixer: Fixer, annotation: cst.BaseExpression) -> bool:
    if isinstance(annotation, cst.Name) and annotation.value in _FIELD_TYPES:
        return True
    if fixer.ctx.qualified_name(annotation) == "torch.Tensor":
        return True
    if isinstance(annotation, cst.Subscript):
        head = annotation.value
        name = head.attr.value if isinstance(head, cst.Attribute) else getattr(head, "value", None)
        return name in _FIELD_GENERICS and all(
            isinstance(e.slice, cst.Index) and _scriptable_field(fixer, e.slice.value)
            for e in annotation.slice
        )
    return False


def _literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
        return True
    return isinstance(node, cst.Name) and node.value in ("True", "False", "None")


def _is_dataclass_decorator(fixer: Fixer, decorator: cst.Decorator) -> bool:
    spelled = decorator.decorator
    if isinstance(spelled, cst.Call):
        if spelled.args:
            return False  # `@dataclass(frozen=True, ...)`: left alone
        spelled = spelled.func
    return fixer.ctx.qualified_name(spelled) == "dataclasses.dataclass"


class ScriptedDataclassConfig(Fixer):
    codes = ("TL212",)
    applicability = "unsafe"
    message = (
        "compile the dataclass with `@torch.jit.script` so that TorchScript types the attribute"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "holds a dataclass instance" not in diagnostic.message:
            return None
        node = diagnostic.node
        found = self_attribute_of_class(self, node) if isinstance(node, cst.Attribute) else None
        values = _class_values(self, node) if isinstance(node, cst.Attribute) else None
        if found is None or not values:
            return None
        init = next(
            (
                s
                for s in (
                    found[1].body.body if isinstance(found[1].body, cst.IndentedBlock) else []
                )
                if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"
            ),
            None,
        )
        names: set[Optional[str]] = set()
        for value in values:
            names.add(self._dataclass_of(value, init))
        if len(names) != 1:
            return None
        qualname = names.pop()
        cls = local_definition(self, qualname) if qualname else None
        if not isinstance(cls, cst.ClassDef) or not self._plain_dataclass(cls):
            return None
        torch = self.import_module("torch")
        decorator = cst.Decorator(decorator=cst.parse_expression(f"{torch}.jit.script"))
        first = cls.decorators[0]
        return [
            (
                first,
                cst.FlattenSentinel(
                    [
                        decorator.with_changes(leading_lines=first.leading_lines),
                        first.with_changes(leading_lines=()),
                    ]
                ),
            )
        ]

    def _dataclass_of(
        self, value: Optional[cst.BaseExpression], init: Optional[cst.FunctionDef]
    ) -> Optional[str]:
        """The qualified name of the class ``value`` is an instance of: a call of it, or a
        parameter of ``__init__`` annotated with it (or defaulting to a call of it)."""
        if isinstance(value, cst.Call):
            return self.ctx.qualified_name(value.func)
        if not isinstance(value, cst.Name) or init is None:
            return None
        params = init.params
        param = next(
            (p for p in (*params.params, *params.kwonly_params) if p.name.value == value.value),
            None,
        )
        if param is None or contains(init.body, lambda n: _rebinds(n, value.value)):
            return None
        hints = []
        if param.annotation is not None:
            hints.append(self.ctx.qualified_name(param.annotation.annotation))
        if isinstance(param.default, cst.Call):
            hints.append(self.ctx.qualified_name(param.default.func))
        hints = [h for h in hints if h]
        return hints[0] if hints and all(h == hints[0] for h in hints) else None

    def _plain_dataclass(self, cls: cst.ClassDef) -> bool:
        """A ``@dataclass`` (no other decorator, no base) holding a docstring and fields of
        scriptable types with literal defaults alone."""
        if len(cls.decorators) != 1 or not _is_dataclass_decorator(self, cls.decorators[0]):
            return False
        if cls.bases or cls.keywords or not isinstance(cls.body, cst.IndentedBlock):
            return False
        fields = 0
        for line in cls.body.body:
            if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
                return False
            small = line.body[0]
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
                continue
            if not (
                isinstance(small, cst.AnnAssign)
                and isinstance(small.target, cst.Name)
                and _scriptable_field(self, small.annotation.annotation)
                and (small.value is None or _literal(small.value))
            ):
                return False
            fields += 1
        return fields > 0


def _rebinds(node: cst.CSTNode, name: str) -> bool:
    if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)):
        return isinstance(node.target, cst.Name) and node.target.value == name
    return False


class ItemStoredAsFloat(Fixer):
    codes = ("TL223",)
    applicability = "safe"
    message = (
        "store `float(...)` of the value when scripting (`if torch.jit.is_scripting():`), "
        "the value as before otherwise"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        text = diagnostic.message
        if not ("Expected float but got number" in text or "Expected float but got int)" in text):
            return None
        target = diagnostic.node
        holder = self.parent(target) if target is not None else None
        assign = self.parent(holder) if holder is not None else None
        line = self.parent(assign) if assign is not None else None
        if not (
            isinstance(holder, cst.AssignTarget)
            and isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(line, cst.SimpleStatementLine)
            and len(line.body) == 1
            and isinstance(self.parent(line), cst.IndentedBlock)
        ):
            return None
        value = assign.value
        if _is_float_call(self, value):
            return None
        inner = value.with_changes(lpar=(), rpar=()) if value.lpar else value
        converted = line.with_changes(
            body=[
                assign.with_changes(value=cst.Call(func=cst.Name("float"), args=[cst.Arg(inner)]))
            ],
            trailing_whitespace=cst.TrailingWhitespace(),
        )
        branch = guarded(self, "{torch}.jit.is_scripting()", converted)
        kept = line.with_changes(leading_lines=())
        return [(line, branch.with_changes(orelse=cst.Else(body=cst.IndentedBlock(body=[kept]))))]


def _is_float_call(fixer: Fixer, node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call) and fixer.ctx.qualified_name(node.func) == "builtins.float"
