"""Script fixers for the constructs of the heldout10 probe batch.

- TL209 ``t.item()`` used as a ``range`` bound, a tensor index or the value of a local
  annotated ``int`` (directly, in ``+ - * // %`` with ints, or through a local bound to one)
  -> ``int(...)`` around the reported expression (unsafe): TorchScript's ``item()`` is a
  ``number``; ``int(...)`` gives the int these take. Python's ``item()`` of an integer tensor is
  already that int; of a float tensor eager raised (``range`` and indexing take no float) where
  ``int(...)`` now truncates.
- TL217 ``xs: List[Optional[T]] = [None] * n`` -> ``[None for _ in range(n)]`` (safe): the
  same list in Python; TorchScript types the comprehension from the annotation.
- TL212 a store in scripted code into an attribute annotated ``Final[T]`` in the class body
  -> the annotation ``T`` (unsafe): eager ignores class annotations; code that relied on the
  constant (a pruned branch) no longer has it.
- TL215 ``s * n`` of a str -> ``"".join([s for _ in range(n)])``; ``m = a | b`` of dicts ->
  ``m = a.copy()`` + ``m.update(b)``, ``d |= b`` -> ``d.update(b)`` (safe: Python's own
  meaning of the operators for str / dict).
- TL209 a ``@torch.jit.unused`` method scripted code calls unconditionally ->
  ``@torch.jit.ignore`` (unsafe: the scripted model calls Python for it).
- TL222 a name bound in one branch only, to a literal or a never-rebound parameter -> the
  same binding first in the function; the index of a ``range`` / ``enumerate`` loop read
  after it -> ``i = 0`` before the loop (unsafe: paths that raised UnboundLocalError now
  read the value).
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.script_facts import FINALS, target_names
from torchlint.lint.walk import walk


class IntOfItemNumber(Fixer):
    """``range(t.item())`` / ``x[t.item()]`` / ``k: int = t.item()`` -> ``int(...)`` around
    the number (unsafe: eager raised on a float tensor's item there, which ``int`` truncates)."""

    codes = ("TL209",)
    applicability = "unsafe"
    message = "convert the item to int (`int(t.item())`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "TorchScript's `Tensor.item()` returns a `number`" not in diagnostic.message:
            return None
        node = diagnostic.node
        return [(node, f"int({self.code(node)})")]


class NoneListComprehension(Fixer):
    """``xs: List[Optional[T]] = [None] * n`` (or ``n * [None]``) -> ``[None for _ in
    range(n)]`` (safe): TorchScript types a comprehension from the annotation, and Python
    builds the same list (``n`` None; none for ``n <= 0``; a non-int ``n`` raises
    ``TypeError`` in both)."""

    codes = ("TL217",)
    applicability = "safe"
    message = "build the list with a comprehension (`[None for _ in range(n)]`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "a repeated list of None" not in diagnostic.message:
            return None
        node = diagnostic.node
        if not (isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply)):
            return None
        if isinstance(node.left, cst.List):
            display, count = node.left, node.right
        elif isinstance(node.right, cst.List):
            display, count = node.right, node.left
        else:
            return None
        if len(display.elements) != 1:
            return None
        return [(node, f"[None for _ in range({self.code(count)})]")]


class DropFinalOfStoredAttribute(Fixer):
    """A store in scripted code into an attribute the class body annotates ``Final[T]``
    (``torch.jit.Final[T]``, ``typing.Final[T]``) -> the annotation ``T`` (unsafe): Python
    ignores the class annotation, so eager runs as before; TorchScript then keeps a plain
    attribute it can set. Unsafe: code that needed the constant (a branch on it that
    TorchScript pruned, a literal it stood for) no longer gets one."""

    codes = ("TL212",)
    applicability = "unsafe"
    message = "drop `Final` from the attribute's class annotation"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "is a constant of the class (`Final` / `__constants__`)" not in diagnostic.message:
            return None
        attr = diagnostic.message.split("`", 2)[1].removeprefix("self.")
        cls = next(
            (a for a in self.ancestors(diagnostic.node) if isinstance(a, cst.ClassDef)), None
        )
        if cls is None:
            return None
        for line in cls.body.body:
            if not isinstance(line, cst.SimpleStatementLine):
                continue
            for small in line.body:
                if not (
                    isinstance(small, cst.AnnAssign)
                    and isinstance(small.target, cst.Name)
                    and small.target.value == attr
                ):
                    continue
                annotation = small.annotation.annotation
                if not (
                    isinstance(annotation, cst.Subscript)
                    and self.ctx.qualified_name(annotation.value) in FINALS
                    and len(annotation.slice) == 1
                    and isinstance(annotation.slice[0].slice, cst.Index)
                ):
                    return None
                return [(annotation, self.code(annotation.slice[0].slice.value))]
        return None


class StrRepeatJoin(Fixer):
    """``s * n`` (or ``n * s``) of a str -> ``"".join([s for _ in range(n)])`` (safe), where
    ``s`` is a string literal or a name (read once per copy: the same value). Python builds
    the same string (``n`` copies; empty for ``n <= 0``; a non-int ``n`` raises ``TypeError``
    in both); TorchScript has ``join`` and comprehensions but no ``str * int``."""

    codes = ("TL215",)
    applicability = "safe"
    message = 'join copies of the string (`"".join([s for _ in range(n)])`)'

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "a str repeated with `*`" not in diagnostic.message:
            return None
        node = diagnostic.node
        if not (isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply)):
            return None
        simple = (cst.SimpleString, cst.ConcatenatedString, cst.Name)
        for text, count in ((node.left, node.right), (node.right, node.left)):
            if isinstance(text, simple) and not (
                isinstance(text, cst.Name) and isinstance(count, simple)
            ):
                count = count.with_changes(lpar=[], rpar=[])
                return [(node, f'"".join([{self.code(text)} for _ in range({self.code(count)})])')]
        return None


class DictUnionUpdate(Fixer):
    """``merged = a | b`` of two dicts (a statement of its own) -> ``merged = a.copy()`` (a
    dict display is kept as it is: already a new dict) and ``merged.update(b)``; ``d |= b`` ->
    ``d.update(b)`` (safe): Python's dict ``|`` is a copy of ``a`` updated with ``b`` (``|=``
    updates in place), the same keys in the same order; TorchScript has ``copy`` and
    ``update`` but no ``|``."""

    codes = ("TL215",)
    applicability = "safe"
    message = "copy the dict and `update` it"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "`|` of two dicts" not in diagnostic.message:
            return None
        node = diagnostic.node
        line = self.parent(node)
        if isinstance(node, cst.AugAssign):
            line = self.parent(node)
            if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
                return None
            text = f"{self.code(node.target).strip()}.update({self.code(node.value).strip()})"
            return [(node, cst.parse_statement(text).body[0])]
        holder = line
        line = self.parent(holder) if holder is not None else None
        if not (
            isinstance(node, cst.BinaryOperation)
            and isinstance(holder, cst.Assign)
            and holder.value is node
            and len(holder.targets) == 1
            and isinstance(holder.targets[0].target, cst.Name)
            and isinstance(line, cst.SimpleStatementLine)
            and len(line.body) == 1
        ):
            return None
        name = holder.targets[0].target.value
        left = node.left.with_changes(lpar=[], rpar=[])
        first = self.code(left).strip()
        if not isinstance(left, (cst.Dict, cst.DictComp)):
            first = f"{first}.copy()"
        right = self.code(node.right.with_changes(lpar=[], rpar=[])).strip()
        statements = [
            cst.parse_statement(f"{name} = {first}"),
            cst.parse_statement(f"{name}.update({right})"),
        ]
        statements[0] = statements[0].with_changes(leading_lines=line.leading_lines)
        return [(line, cst.FlattenSentinel(statements))]


class UnusedToIgnore(Fixer):
    """``@torch.jit.unused`` on a method scripted code calls unconditionally ->
    ``@torch.jit.ignore`` (unsafe): eager ignores both decorators; the scripted model now
    calls the Python method instead of a stub that raises, which a model saved with
    ``torch.jit.save`` and loaded without the Python class cannot do."""

    codes = ("TL209",)
    applicability = "unsafe"
    message = "make the method `@torch.jit.ignore`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "calls a `@torch.jit.unused` method" not in diagnostic.message:
            return None
        node = diagnostic.node
        if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute):
            return None
        name = node.func.attr.value
        cls = next((a for a in self.ancestors(node) if isinstance(a, cst.ClassDef)), None)
        if cls is None:
            return None
        methods = {s.name.value for s in cls.body.body if isinstance(s, cst.FunctionDef)}
        for statement in cls.body.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
                if _calls_held_callable(statement, methods):
                    # An ignored method gets the ScriptModule as `self`, whose submodules
                    # Python cannot call (torch 2.13: 'ScriptModule' object is not callable):
                    # the repair would fail when run.
                    return None
                for decorator in statement.decorators:
                    spelled = decorator.decorator
                    if self.ctx.qualified_name(spelled) == "torch.jit.unused" and isinstance(
                        spelled, (cst.Attribute, cst.Name)
                    ):
                        text = self.code(spelled).strip()
                        replaced = text[: -len("unused")] + "ignore"
                        if not text.endswith("unused") or isinstance(spelled, cst.Name):
                            return None
                        return [(spelled, replaced)]
        return None


def _calls_held_callable(method: cst.FunctionDef, methods: set[str]) -> bool:
    """Whether ``method`` calls ``self.<attr>(...)`` for an ``attr`` that is no method of its
    class (a submodule, or a callable held on self)."""
    found = False

    class Calls(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            nonlocal found
            func = node.func
            if (
                isinstance(func, cst.Attribute)
                and isinstance(func.value, cst.Name)
                and func.value.value == "self"
                and func.attr.value not in methods
            ):
                found = True

    method.body.visit(Calls())
    return found


# The name TL222 says is bound in one branch only (its finding sits on the `if`).
BRANCH_MESSAGE = re.compile(r"`(\w+)` is bound in one branch of an `if` only")


class BindBeforeBranch(Fixer):
    """A name bound in one branch of an ``if`` only, and read after it (TL222), whose one
    binding in the function is ``name = V`` with ``V`` a number, string or bool literal or a
    parameter the function never rebinds -> the same ``name = V`` first in the function body
    (unsafe): ``V`` has the same value everywhere in the function, so every read Python could
    make sees the value it saw; a read on a path that left the name unbound, which raised
    ``UnboundLocalError`` in eager, now sees ``V``."""

    codes = ("TL222",)
    applicability = "unsafe"
    message = "bind the name first in the function (`name = V`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        named = BRANCH_MESSAGE.match(diagnostic.message)
        function = self.enclosing_function(diagnostic.node)
        if named is None or function is None:
            return None
        name = named.group(1)
        bound = assignments(function, name)
        if len(bound) != 1 or bound[0][2] != 1 or bound[0][0] is UNKNOWN_VALUE:
            return None
        value = bound[0][0]
        params = function.params
        names = {
            p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)
        }
        literal = isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)) or (
            isinstance(value, cst.Name) and value.value in ("True", "False")
        )
        parameter = (
            isinstance(value, cst.Name)
            and value.value in names
            and not assignments(function, value.value)
        )
        if not (literal or parameter) or not _single_assign(function, name):
            return None
        body = function.body
        if not isinstance(body, cst.IndentedBlock) or not body.body:
            return None
        first = body.body[0]
        if _docstring(first):
            if len(body.body) < 2:
                return None
            first = body.body[1]
        added = cst.parse_statement(f"{name} = {self.code(value).strip()}")
        added = added.with_changes(leading_lines=first.leading_lines)
        return [(first, cst.FlattenSentinel([added, first.with_changes(leading_lines=[])]))]


class BindLoopIndex(Fixer):
    """The index of ``for i in range(...)`` / ``for i, v in enumerate(...)`` read after the
    loop (TL222), the loop its one binding -> ``i = 0`` before the loop (unsafe): a loop that
    runs binds ``i`` as before; one that runs zero times left ``i`` unbound (eager raised
    ``UnboundLocalError`` at the read), and now leaves 0."""

    codes = ("TL222",)
    applicability = "unsafe"
    message = "bind the loop index before the loop (`i = 0`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "is bound by the `for` loop" not in diagnostic.message:
            return None
        node = diagnostic.node
        function = self.enclosing_function(node)
        if not isinstance(node, cst.Name) or function is None:
            return None
        name = node.value
        if len(assignments(function, name)) != 1:
            return None
        loops: list[cst.For] = []

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if (
                isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda))
                and child is not function
            ):
                return False
            if isinstance(child, cst.For) and self._index(child, name):
                loops.append(child)
            return None

        walk(function.body, enter, lambda child: None)
        if len(loops) != 1:
            return None
        loop = loops[0]
        added = cst.parse_statement(f"{name} = 0").with_changes(leading_lines=loop.leading_lines)
        return [(loop, cst.FlattenSentinel([added, loop.with_changes(leading_lines=[])]))]

    def _index(self, loop: cst.For, name: str) -> bool:
        iterable = loop.iter
        if not isinstance(iterable, cst.Call):
            return False
        called = self.ctx.qualified_name(iterable.func)
        target = loop.target
        if called == "builtins.range":
            return isinstance(target, cst.Name) and target.value == name
        if called == "builtins.enumerate" and isinstance(target, (cst.Tuple, cst.List)):
            first = target.elements[0].value if target.elements else None
            return isinstance(first, cst.Name) and first.value == name
        return False


def _single_assign(function: cst.FunctionDef, name: str) -> bool:
    """``name`` is bound by one plain ``name = ...`` statement and nothing else (no loop
    target, ``with ... as``, augmented or annotated assignment)."""
    count = 0
    other = False

    def enter(child: cst.CSTNode) -> Optional[bool]:
        nonlocal count, other
        if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and child is not function:
            return False
        if isinstance(child, cst.Assign):
            for target in child.targets:
                if isinstance(target.target, cst.Name) and target.target.value == name:
                    count += 1
                elif name in target_names(target.target):
                    other = True
        elif isinstance(child, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor)):
            if name in target_names(child.target):
                other = True
        elif isinstance(child, cst.AsName) and name in target_names(child.name):
            other = True
        return None

    walk(function.body, enter, lambda child: None)
    return count == 1 and not other


def _docstring(statement: cst.CSTNode) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


class AutogradGradLists(Fixer):
    """``torch.autograd.grad(y, x)`` with a Tensor for ``outputs`` / ``inputs`` -> the Tensor
    in a list, ``[y]`` (safe): Python's ``autograd.grad`` takes a Tensor as a one-element
    sequence, so it returns the same gradients; TorchScript's takes lists only."""

    codes = ("TL215",)
    applicability = "safe"
    message = "pass the tensor in a list (`[y]`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if (
            "of `torch.autograd.grad` in scripted code: TorchScript's aten::grad takes `Tensor[]"
            not in (diagnostic.message)
        ):
            return None
        arg = diagnostic.node
        if not isinstance(arg, cst.Arg):
            return None
        return [(arg.value, f"[{self.code(arg.value).strip()}]")]
