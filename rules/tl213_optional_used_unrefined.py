"""TL213: an Optional[Tensor] parameter used where TorchScript cannot see it is not None."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.graph_queries import assignments, none_test
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.script_facts import target_names
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.torchscript_tables import torchscript_table
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    annotation_allows_none,
    class_annotations,
    class_def,
    class_methods,
    dead_in_script,
    function_returns,
    has_constants,
    in_script,
    is_method,
    is_none,
    literal_type,
    scripted_attribute_store,
    scripted_attribute_unpacked_stores,
    self_assignments,
    self_attribute,
    signature_params,
    value_with,
)

TENSOR_TYPES = frozenset(
    {"torch.Tensor", "torch.FloatTensor", "torch.LongTensor", "torch.BoolTensor"}
)
Refined = frozenset[str]
# Binary operators TorchScript has no overload of for an Optional number.
ARITHMETIC = (
    cst.Add,
    cst.Subtract,
    cst.Multiply,
    cst.Divide,
    cst.FloorDivide,
    cst.Modulo,
    cst.Power,
)


class OptionalUsedUnrefined(Rule):
    """Flags uses of an `Optional[Tensor]` (or Optional number) parameter, and truth tests of
    any Optional parameter, that no `is not None` test covers.

    ## What it does
    In functions that `torch.jit.script` compiles, finds a parameter annotated
    `Optional[torch.Tensor]` (or `torch.Tensor | None`) whose attribute, method, index or
    arithmetic is used where no test proves it is not None on that path:
    `inputs_embeds.size()` in the `else` of `if input_ids is not None:`. An
    `isinstance(x, torch.Tensor)` test (or `assert`) proves it as `x is not None` does:
    TorchScript refines on both. Uses under
    `if x is not None:`, after `if x is None: return ...` / `raise`, after
    `assert x is not None`, after `if x is None: x = ...`, and in
    `x is not None and x.any()` / `y if x is None else x.sum()` are fine, as TorchScript
    refines the type there too. Passing it as the input of a torch.nn submodule
    (`self.dense(hidden_states)`) counts as a use: those take a Tensor. So does passing it
    where every overload of a torch op takes a plain `Tensor` (not `Tensor?`), by position or
    keyword, read from torch's schemas (`schemas.tensor_args` of the generated tables):
    `x.masked_fill(mask, 0.0)` on a tensor `x`, `torch.where(keep, x, y)`, `torch.matmul(x, w)`.
    A parameter annotated `Optional[int]` / `float` / `bool` / `str` counts only as an operand
    of `+`, `-`, `*`, `/`, `//`, `**` or unary `-` (`x * scale`, `n + 1`).
    A parameter annotated Optional of any type (`Optional[List[int]]`, `Optional[Tensor]`,
    `Optional[int]`, ...) counts when its truth is tested where no `is not None` test covers
    it: `if dims:`, `not dims`, an operand of `and` / `or`, `while dims:`, `assert dims`, the
    test of a conditional expression.
    Also finds, in methods of a module whose class body annotates an attribute as Optional
    (`heads: Optional[List[torch.Tensor]]`, `bias: torch.Tensor | None`; no `Final` or
    `__constants__` in the class), that attribute indexed, read for an attribute or method,
    used in arithmetic or iterated (`self.heads[i] = out`), with or without a
    `self.heads is not None` test around it; also given to a torch op where every overload
    takes a plain Tensor, or to a torch.nn submodule (`torch.outer(t, self.inv_freq)` after
    `assert self.inv_freq is not None`: Arguments for call are not valid, torch 2.13).
    The same for a property of the class (or of a base class of the file, a mixin too) whose
    getter returns an Optional: annotated `-> Optional[T]`, `-> T | None`, `-> Union[T,
    None]` (or that spelled in a string), or unannotated with every `return self.<a>` of an
    attribute the class body annotates Optional (`if self.channel_mask is not None: y = y *
    self.channel_mask`; not one listed in `__jit_unused_properties__`, which TorchScript does
    not compile). TorchScript compiles `self.channel_mask` as a call of the getter and never
    refines a call's result (torch 2.13: Arguments for call are not valid; 'Optional[Tensor]'
    object has no attribute or method 'sum'; 'Optional[List[Tensor]]' object is not
    iterable).
    So is the result of a function of the file annotated `-> Union[...]` / `-> Optional[...]`
    (`y = maybe_split(x, g)`, bound once and never tested with `isinstance` / `is`, or the
    call itself) given to a torch.nn submodule or such an op: torch 2.13 expects a Tensor
    and finds the union.
    And finds the truth test (`if self.proj:`, `x if self.proj else y`, `not self.proj`, an
    operand of `and` / `or`) of a module attribute that `__init__` binds only to submodules
    and None (`self.proj = nn.Conv2d(cin, cout, 1) if cin != cout else None`): TorchScript
    casts neither a module nor None to bool (torch 2.13: Could not cast value of type
    Conv2d to bool, Could not cast value of type NoneType to bool); `self.proj is not None`
    compiles.
    And finds, in methods of a module class, a call of (or an attribute read on) a module
    attribute that `__init__` sets to None when the constructor runs with its defaults and
    to something else on another path (`self.proj = nn.Linear(d, d) if use_proj else None`
    with `use_proj=False`, `if use_proj: ... else: self.proj = None`, `self.proj = None` then
    `if use_proj: self.proj = ...`), where no `self.proj is not None` test (or `if self.proj is None: return`)
    covers it: `if self.use_proj: x = self.proj(x)`; also one indexed (`self.scales[0]`:
    'NoneType' object is not subscriptable), an operand of arithmetic or of a comparison other
    than `is` / `is not` (`T > self.max_steps`: Arguments for call are not valid, torch 2.13),
    and one `__init__` copies from a parameter defaulting to None (`self.max_steps =
    max_steps`) where a call of the class in the file leaves that parameter out
    (`BLSTM(dim, layers)`). (Not in a class with `Final` /
    `__constants__`, whose tests TorchScript folds, nor for an attribute another method sets.)
    The same for an attribute `__init__` binds only to None (`self.cache = None`,
    `self.register_buffer("rel_index", None)`, `self.register_parameter("bias", None)`; not
    annotated in the class body, not stored by a method `__init__` calls) that scripted code
    of the class fills in later, a lazy cache: `if self.rel_index is None or
    self.rel_index.shape[0] != n: self.rel_index = ...`, and the store itself (`self.last =
    x.detach()` in `forward`: `Wrong type for attribute assignment. Expected NoneType but got
    Tensor`, torch 2.13). (One the class never stores may be set from outside before
    scripting: not flagged.) And the other way round, a store of None (`self.cache = None`)
    into an attribute not annotated in the class body that holds a tensor when the module is
    scripted: a buffer or parameter registered with a tensor, one `__init__` binds to a torch
    factory's tensor or `nn.Parameter(...)`, or such a lazy cache once the module has run
    (its tensor is in it then): TorchScript types it Tensor, never Optional, and refuses the
    store (`Wrong type for attribute assignment. Expected Tensor but got NoneType`, torch
    2.13).
    The right side of `and` / `or` counts as uncovered: TorchScript compiles it whatever the
    left side.

    And finds the same uses of the loop variable of `for f in feats:` over a parameter
    annotated `List[Optional[torch.Tensor]]` (the variable bound by no other statement): it is
    an `Optional[Tensor]`, refined by the same tests, and `if f is None: continue` (or
    `break`) refines nothing (torch 2.13: `Expected a value of type 'Tensor' for argument
    'other' but instead found type 'Optional[Tensor]'`; `return` / `raise` there do).
    The same for a loop `for kind, stride in self.specs:` over a module attribute bound once
    to a list display of tuple displays of literals where a position holds None in some
    tuples and a number in others (`[("max", 2), ("avg", None)]`: TorchScript types it
    `List[Tuple[str, Optional[int]]]`): that element used in arithmetic or given where a
    torch op takes a list of numbers (`F.max_pool2d(x, stride)`: isIntList() INTERNAL ASSERT
    FAILED, torch 2.13) after `if stride is None: continue`.

    And the same uses of an element of a container of `Optional[Tensor]`: a parameter (never
    rebound) or local annotated `Dict[K, Optional[Tensor]]` or `List[Optional[Tensor]]`,
    subscripted in place (`out + feats["flow"]`, under `if feats["flow"] is not None:` too:
    no test refines a subscript), or a local bound only to such a subscript (`out =
    feats["rgb"]`) where no test on it covers the use. A `None is not x` test refines as
    `x is not None` does. The same for an int literal index of an `Optional[Tensor]` position
    of a parameter or local annotated `Tuple[...]` (`state: Tuple[Optional[Tensor], Tensor]`,
    `h + state[0]` under `if state[0] is not None:`); its other positions are plain.

    And the same uses of an element of `torch.autograd.grad(...)`, which TorchScript types
    `List[Optional[Tensor]]`: a local bound only to `torch.autograd.grad(...)[k]`, to `gs[k]`
    of a local bound only to the call, unpacked from it (`a, b = torch.autograd.grad(...)`),
    or the variable of a `for` loop over it,
    refined by the same tests; and such a subscript used in place (`grads[0].norm(2, 1)`,
    `-torch.autograd.grad(...)[0] * 2`), which no test refines (torch 2.13: `'Optional[Tensor]'
    object has no attribute or method 'norm'`). Returning the element as it is compiles.
    An annotation on the binding in `__init__` (`self.last: Optional[Tensor] = None`) does not
    count: TorchScript reads only the class body's.

    And the same uses of a result TorchScript types Optional: `d.get(key)` without a default on
    a parameter (never rebound) or local annotated `Dict[...]` (`aten::get` returns
    `Optional[V]`: `self.top(feats.get("c5"))`, torch 2.13: Expected a value of type 'Tensor'
    for argument 'input' but instead found type 'Optional[Tensor]'), and an Optional output of
    a torch.nn module, read from its scripted forward's schema (the table's
    `module_optional_outputs`: `out, w = self.attn(q, k, v)` then `w.mean(1)`; torch 2.13:
    'Optional[Tensor]' object has no attribute or method 'mean'), or of a module class of the
    file, read from its `forward`'s `-> Tuple[...]` annotation (`Tuple[Tensor,
    Optional[Tensor]]`), used in place, through a local bound only to one, or as `out[k]` of a
    local bound only to such a call (`outputs = self.encoder(x)`, `outputs[1].sum(1)` under
    `if outputs[1] is not None:`, which refines nothing), refined by the same tests.
    And a read TorchScript types Optional (the generated `optional_attributes`: a tensor's
    `t.device.index`, `t.name`) tested in place in a conditional expression bound to a local
    (`shard = ids.device.index if ids.device.index is not None else 0`) that then goes into
    arithmetic or a comparison and is never tested `is None` itself: TorchScript refines a
    local name alone, so the conditional stays `Optional[int]` (torch 2.13: Arguments for
    call are not valid).

    ## Why is this bad?
    TorchScript types the parameter `Optional[Tensor]` and only narrows it to `Tensor` where a
    `None` test on that very name guards the use. Elsewhere scripting fails:
    `RuntimeError: 'Optional[Tensor]' object has no attribute or method 'size'`, or for an
    op's argument `Arguments for call are not valid ... Expected a value of type 'Tensor' for
    argument 'mask' but instead found type 'Optional[Tensor]'`, and for an Optional number in
    arithmetic `Arguments for call are not valid`; a truth test of any Optional fails with
    `Could not cast value of type Optional[List[int]] to bool` (torch 2.13; `if dims is not
    None and dims:` compiles, and so does `if dims:` on a plain `List[int]`). Python (and
    trace, compile, export) run it fine, since the other branch was taken. A module attribute
    annotated Optional in the class body keeps that type whatever its value, and TorchScript
    refines local names only, never `self.x`: the use fails under `if self.x is not None:` as
    well (`Could not match type Optional[List[Tensor]] to List[t]`, `'Optional[Tensor]' object
    has no attribute or method 'sum'`, `'Optional[List[Tensor]]' object is not iterable`). Copy
    it to a local and test that: `heads = self.heads` / `if heads is not None: heads[i] = out`.
    The same holds for a property returning an Optional: bind `mask = self.mask` and test it
    (no fix: a getter may compute a new value at each read).
    A module attribute that holds None when the module is scripted is typed `NoneType`, and a
    call of it fails to compile (`cannot call a value of type 'NoneType'`; `'NoneType' object
    has no attribute or method 'weight'`) in every branch TorchScript compiles: a flag such as
    `self.use_proj` is an ordinary bool attribute, so its branch is compiled too. A
    `self.proj is not None` test on a NoneType attribute is a constant to TorchScript, which
    then skips the branch (of an `if`, of a conditional expression, and after `if self.proj
    is None: return x`), but not the right side of `and` / `or`: `self.cache is None or
    self.cache.shape[0] != n` fails (torch 2.13: `'NoneType' object has no attribute or method
    'shape'`), as does `self.proj is not None and self.proj(x).sum() > 0`. A buffer
    registered as None and filled in by `forward` is NoneType in a module scripted before it
    ran.

    ## Example
    ```python
    def forward(self, input_ids: Optional[torch.Tensor] = None,
                inputs_embeds: Optional[torch.Tensor] = None):
        if input_ids is not None:
            shape = input_ids.size()
        else:
            shape = inputs_embeds.size()[:-1]
    ```
    Use instead: test the name itself (`elif inputs_embeds is not None:` ... `else: raise`),
    or `assert inputs_embeds is not None` before the use.

    ## Fix safety
    Safe fixes: a truth test `if dims:` -> `if dims is not None and dims:` (`not dims` -> `dims
    is None or not dims`) where only the truth is used (the same truth for None and every
    value); an Optional class attribute under `if self.head is not None:` (or after `if
    self.head is None: return ...`, or in `self.head(x) if self.head is not None else x`) is
    bound to a local first (`head = self.head`) and the local is tested and used, where nothing
    in the file assigns the attribute outside `__init__` (the same object is read). Other uses
    have no fix: which branch is right depends on the caller.
    """

    code = "TL213"
    name = "optional-used-unrefined"
    message = (
        "Optional[Tensor] parameter used where no `is not None` test covers it: "
        "torch.jit.script fails ('Optional[Tensor]' object has no attribute or method); test "
        "this name, or `assert name is not None` before the use"
    )
    targets = ("script",)

    VALID = [
        # A device index bound to a local first: the test refines the local.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.embed = nn.Embedding(16, 4)

                def forward(self, ids):
                    shard = ids.device.index
                    shard = shard if shard is not None else 0
                    return self.embed(ids + shard * 4)

            def inputs():
                return [(torch.randint(0, 12, (2, 3)),), (torch.randint(0, 12, (1, 5)),)]
            """
        ),
        # A property returning an Optional, bound to a local that the test refines.
        Valid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self._scale = torch.full((3,), 0.5)

                @property
                def scale(self) -> Optional[torch.Tensor]:
                    return self._scale

                def forward(self, x):
                    scale = self.scale
                    if scale is not None:
                        return x * scale
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A Tuple's plain Tensor position used, its Optional one bound to a local and tested.
        Valid(
            """
            from typing import Optional, Tuple

            import torch
            from torch import Tensor, nn

            def merge(pair: Tuple[Tensor, Optional[Tensor]]) -> Tensor:
                gate = pair[1]
                if gate is not None:
                    return pair[0] * gate.sigmoid()
                return pair[0] + 1

            class Model(nn.Module):
                def forward(self, x):
                    return merge((x, None)) + merge((x, x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The submodule attribute tested with `is not None`.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, dim=4, out=8):
                    super().__init__()
                    self.proj = nn.Linear(dim, out) if dim != out else None
                    self.fc = nn.Linear(dim, out)

                def forward(self, x):
                    y = self.fc(x)
                    if self.proj is not None:
                        y = y + self.proj(x)
                    return y

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The Optional[Tensor] attribute copied to a local, which the `assert` refines.
        Valid(
            """
            from typing import Optional
            import torch
            from torch import nn

            class Model(nn.Module):
                weight: Optional[torch.Tensor]

                def __init__(self):
                    super().__init__()
                    self.weight = torch.randn(4, 4)

                def forward(self, x):
                    weight = self.weight
                    assert weight is not None
                    return torch.matmul(x, weight)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Annotated Optional in the class body: the store of None compiles.
        Valid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                last: Optional[torch.Tensor]

                def __init__(self):
                    super().__init__()
                    self.register_buffer("last", torch.zeros(3))

                def forward(self, x):
                    if x.shape[0] > 3:
                        self.last = None
                        return x
                    self.last = x[0].detach()
                    return x + 1

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The same element used under `if scale is not None:`.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.specs = [("a", 2), ("b", None)]

                def forward(self, x):
                    for name, scale in self.specs:
                        if scale is not None:
                            x = x * scale
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The element bound to a local that a test refines; a `None is not x` test.
        Valid(
            """
            from typing import Dict, Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.rgb = nn.Linear(4, 4)

                def forward(self, x: torch.Tensor, bias: Optional[torch.Tensor] = None):
                    feats: Dict[str, Optional[torch.Tensor]] = {"rgb": self.rgb(x), "flow": None}
                    out = self.rgb(x)
                    flow = feats["flow"]
                    if flow is not None:
                        out = out + flow
                    if None is not bias:
                        out = out + bias
                    return out

            def inputs():
                return [(torch.randn(2, 4), torch.randn(4)), (torch.randn(3, 4), None)]
            """
        ),
        # A buffer registered as None, read only under `if ... is not None:` (TorchScript drops
        # the branch) and copied to a local first.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("cache", None, persistent=False)

                def forward(self, x):
                    if self.cache is not None:
                        x = x + self.cache.sum()
                    c = self.cache
                    if c is None:
                        return x
                    return x + c

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.kv = nn.Linear(4, 4)

                def forward(self, x: torch.Tensor, context: Optional[torch.Tensor] = None):
                    assert isinstance(context, torch.Tensor)
                    return x + self.kv(context).mean(0)

            def inputs():
                return [(torch.randn(2, 4), torch.randn(3, 4)), (torch.randn(5, 4), torch.randn(6, 4))]
            """,
            backends=("script",),
        ),
        # Truth tests of Optional values after a `None` test, and of a plain list.
        Valid(
            """
            from typing import List, Optional
            import torch
            from torch import nn

            def reduce(x: torch.Tensor, keep: List[int], dims: Optional[List[int]] = None):
                if dims is not None and dims:
                    x = x.sum(dims, keepdim=True)
                if keep:
                    x = x * 2
                return x

            class Model(nn.Module):
                def forward(self, x, scale: Optional[float] = None):
                    if scale is None:
                        return reduce(x, [0], [1])
                    return x * scale if scale else x

            def inputs():
                return [(torch.randn(2, 4), None), (torch.randn(3, 4), 2.0)]
            """
        ),
        # The attribute copied to a local, which the test refines; `len` takes it as it is.
        Valid(
            """
            from typing import List, Optional
            import torch
            from torch import nn
            class Model(nn.Module):
                heads: Optional[List[torch.Tensor]]
                def __init__(self):
                    super().__init__()
                    self.heads = [torch.zeros(1)]
                def forward(self, x):
                    heads = self.heads
                    if heads is not None:
                        heads[0] = x.sum(0)
                    return x
            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            from typing import Optional
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, mask: Optional[torch.Tensor] = None):
                    if mask is not None:
                        x = x * mask
                    if mask is None:
                        return x
                    return x + mask.sum()

            def inputs():
                return [(torch.randn(2, 4), torch.ones(2, 4)), (torch.randn(3, 4), torch.ones(3, 4))]
            """
        ),
        Valid(
            """
            from typing import Optional
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, bias: Optional[torch.Tensor] = None):
                    if bias is None:
                        bias = torch.zeros_like(x)
                    scale = 1.0 if bias is None else bias.abs().max()
                    ok = bias is not None and bool(bias.isfinite().all())
                    return (x + bias) * scale if ok else x

            def inputs():
                return [(torch.randn(2, 4), torch.ones(2, 4)), (torch.randn(3, 4), None)]
            """
        ),
        Valid(
            """
            from typing import Optional
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, ids: Optional[torch.Tensor] = None, emb: Optional[torch.Tensor] = None):
                    if ids is None and emb is None:
                        raise ValueError("give ids or emb")
                    if ids is not None:
                        return ids.float().sum(-1)
                    assert emb is not None
                    return emb.sum(-1)

            def inputs():
                return [(torch.ones(2, 4), None), (None, torch.ones(3, 4))]
            """
        ),
        # Not scripted: a training helper is plain Python.
        Valid(
            """
            from typing import Optional
            import torch

            def log_stats(loss: Optional[torch.Tensor] = None):
                print(loss.item())
            """,
            runtime=False,
        ),
        # `ids` is typed plain Tensor, so TorchScript compiles `ids is not None` as True: the
        # branch that assigns `emb` always runs.
        Valid(
            """
            from typing import Optional
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, ids: torch.Tensor, emb: Optional[torch.Tensor] = None):
                    if ids is not None:
                        emb = ids.float() * 2
                    return emb.sum(-1)

            def inputs():
                return [(torch.ones(2, 4),), (torch.ones(3, 4),)]
            """
        ),
        # Reassigned before use: the name holds another value from then on.
        Valid(
            """
            from typing import Optional
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, mask: Optional[torch.Tensor] = None):
                    mask = torch.ones_like(x) if mask is None else mask
                    return x * mask

            def inputs():
                return [(torch.randn(2, 4), torch.ones(2, 4)), (torch.randn(3, 4), None)]
            """
        ),
        # Refined before the op takes it: a test around the call, or the name rebound.
        Valid(
            """
            from typing import Optional
            import torch
            from torch import nn

            def masked_mean(x: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
                if mask is not None:
                    x = x.masked_fill(mask, 0.0)
                keep = torch.ones_like(x, dtype=torch.bool)
                keep = keep if mask is None else mask
                return torch.where(keep, x, torch.zeros_like(x)).mean(-1)

            class Model(nn.Module):
                def forward(self, x):
                    return masked_mean(x, x < 0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # An Optional number refined before the arithmetic: filled in, or a ternary.
        Valid(
            """
            from typing import Optional
            import torch
            from torch import nn

            def scaled(x: torch.Tensor, scale: Optional[float] = None, n: Optional[int] = None):
                if scale is None:
                    scale = 2.0
                return x * scale + (n if n is not None else 1)

            class Model(nn.Module):
                def forward(self, x):
                    return scaled(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The None test itself: TorchScript skips the branch for a NoneType attribute.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, use_proj=False):
                    super().__init__()
                    self.use_proj = use_proj
                    self.fc = nn.Linear(4, 4)
                    self.proj = nn.Linear(4, 4) if use_proj else None

                def forward(self, x):
                    x = self.fc(x)
                    if self.use_proj and self.proj is not None:
                        x = self.proj(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # An element of torch.autograd.grad(...) refined by `assert` / `if ... is not None`,
        # or returned as it is.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x):
                    x = x.detach().requires_grad_(True)
                    s = self.fc(x).sum()
                    g = torch.autograd.grad([s], [x], create_graph=True)[0]
                    assert g is not None
                    h = torch.autograd.grad([s], [x])[0]
                    if h is not None:
                        return g.sum() + h * 2
                    return torch.autograd.grad([s], [x])[0]

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # The loop variable over torch.autograd.grad(...) refined by `is not None`.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x):
                    x = x.detach().requires_grad_(True)
                    s = self.fc(x).sum()
                    out = x
                    for g in torch.autograd.grad([s], [x, self.fc.weight], allow_unused=True):
                        if g is not None:
                            out = out + g.sum()
                    return out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A NoneType attribute compared only inside `if self.max_steps is not None:` (a
        # constant test TorchScript drops the branch of), and one every call passes a value.
        Valid(
            """
            import torch
            from torch import nn

            class Trimmed(nn.Module):
                def __init__(self, dim, max_steps=None, keep=None):
                    super().__init__()
                    self.max_steps = max_steps
                    self.keep = keep
                    self.fc = nn.Linear(dim, dim)

                def forward(self, x):
                    if self.max_steps is not None:
                        if x.shape[0] > self.max_steps:
                            x = x[: self.max_steps]
                    if x.shape[0] > self.keep:
                        x = x[: self.keep]
                    return self.fc(x)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.body = Trimmed(4, keep=8)

                def forward(self, x):
                    return self.body(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The union narrowed by `isinstance` before the submodule takes it.
        Valid(
            """
            from typing import List, Union

            import torch
            from torch import nn

            def maybe_split(x: torch.Tensor, groups: int) -> Union[torch.Tensor, List[torch.Tensor]]:
                if groups == 1:
                    return x
                return list(x.chunk(groups, dim=1))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    y = maybe_split(x, 1)
                    if isinstance(y, torch.Tensor):
                        return self.fc(y)
                    return self.fc(torch.cat(y, dim=1))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # A device index tested in place: TorchScript refines no attribute read.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.embed = nn.Embedding(16, 4)

                def forward(self, ids):
                    shard = ids.device.index if ids.device.index is not None else 0
                    return self.embed(ids + shard * 4)

            def inputs():
                return [(torch.randint(0, 12, (2, 3)),), (torch.randint(0, 12, (1, 5)),)]
            """,
            line=10,
            message_contains="Arguments for call are not valid",
        ),
        # A property returning an Optional is a getter call: the test does not refine it.
        Invalid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self._scale = torch.full((3,), 0.5)

                @property
                def scale(self) -> Optional[torch.Tensor]:
                    return self._scale

                def forward(self, x):
                    if self.scale is not None:
                        return x * self.scale
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=17,
            message_contains="is a property returning `Optional[torch.Tensor]`",
        ),
        # A buffer registered with a tensor is typed Tensor: a store of None is refused.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("last", torch.zeros(3))

                def forward(self, x):
                    if x.shape[0] > 3:
                        self.last = None
                        return x
                    self.last = x[0].detach()
                    return x + 1

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=11,
            message_contains="Expected Tensor but got NoneType",
        ),
        # An Optional[int] element of a list attribute of tuples, after `continue`.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.specs = [("a", 2), ("b", None)]

                def forward(self, x):
                    for name, scale in self.specs:
                        if scale is None:
                            continue
                        x = x * scale
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
            message_contains="`scale` is an `Optional` number",
        ),
        # An element of a Dict[str, Optional[Tensor]]: a subscript is never refined.
        Invalid(
            """
            from typing import Dict, Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.rgb = nn.Linear(4, 4)
                    self.flow = nn.Linear(4, 4)

                def forward(self, x: torch.Tensor, use_flow: bool) -> torch.Tensor:
                    feats: Dict[str, Optional[torch.Tensor]] = {"rgb": self.rgb(x), "flow": None}
                    if use_flow:
                        feats["flow"] = self.flow(x)
                    out = self.rgb(x)
                    if feats["flow"] is not None:
                        out = out + feats["flow"]
                    return out

            def inputs():
                return [(torch.randn(2, 4), True), (torch.randn(3, 4), False)]
            """,
            line=18,
            message_contains="Arguments for call are not valid",
        ),
        # An Optional position of a Tuple parameter, indexed from the end: never refined.
        Invalid(
            """
            from typing import Optional, Tuple

            import torch
            from torch import Tensor, nn

            def merge(pair: Tuple[Tensor, Optional[Tensor]]) -> Tensor:
                if pair[-1] is not None:
                    return pair[0] * pair[-1].sigmoid()
                return pair[0]

            class Model(nn.Module):
                def forward(self, x):
                    return merge((x, x + 1))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=8,
            message_contains="object has no attribute or method",
        ),
        # An element of a List[Optional[Tensor]] parameter, bound to a local never tested.
        Invalid(
            """
            from typing import List, Optional

            import torch
            from torch import nn

            def first(feats: List[Optional[torch.Tensor]]) -> torch.Tensor:
                head = feats[0]
                return head.sum()

            class Model(nn.Module):
                def forward(self, x):
                    return first([x, None])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=8,
            message_contains="object has no attribute or method",
        ),
        # A lazy cache stored in scripted code: NoneType refuses the store.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.last = None

                def forward(self, x):
                    self.last = x.detach()
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            message_contains="Wrong type for attribute assignment",
        ),
        # A buffer registered as None, read on the right of `or`.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("rel_index", None, persistent=False)

                def forward(self, x):
                    n = x.shape[-1]
                    if self.rel_index is None or self.rel_index.shape[0] != n:
                        self.rel_index = torch.arange(n)
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="'NoneType' object has no attribute or method 'shape'",
        ),
        # ... and used unrefined.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x):
                    x = x.detach().requires_grad_(True)
                    s = self.fc(x).sum()
                    out = x
                    for g in torch.autograd.grad([s], [x]):
                        out = out + g
                    return out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=14,
            message_contains="List[Optional[Tensor]]",
        ),
        # torch.autograd.grad returns List[Optional[Tensor]] in TorchScript.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x):
                    x = x.detach().requires_grad_(True)
                    s = self.fc(x).sum()
                    grads = torch.autograd.grad([s], [x], create_graph=True)
                    return (grads[0].norm(2, 1) - 1.0).pow(2).mean()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
            message_contains="List[Optional[Tensor]]",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)

                def forward(self, x):
                    x = x.detach().requires_grad_(True)
                    s = self.fc(x).sum()
                    a, b = torch.autograd.grad([s], [x, self.fc.weight])
                    return self.fc(a) + b.sum()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
        ),
        # `Tensor` imported from torch.
        Invalid(
            """
            from typing import Optional
            import torch
            from torch import Tensor, nn

            class Model(nn.Module):
                def forward(self, x, mask: Optional[Tensor] = None):
                    return x * mask.sum()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
        # `continue` does not refine a loop variable over a List[Optional[Tensor]].
        Invalid(
            """
            from typing import List, Optional
            import torch
            from torch import nn

            class Fuse(nn.Module):
                def forward(self, feats: List[Optional[torch.Tensor]]) -> torch.Tensor:
                    total = torch.zeros(1)
                    for f in feats:
                        if f is None:
                            continue
                        total = total + f
                    return total

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fuse = Fuse()

                def forward(self, x):
                    return self.fuse([x, None])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="List[Optional[Tensor]]",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, use_proj=False):
                    super().__init__()
                    self.use_proj = use_proj
                    self.fc = nn.Linear(4, 4)
                    self.proj = nn.Linear(4, 4) if use_proj else None

                def forward(self, x):
                    x = self.fc(x)
                    if self.use_proj:
                        x = self.proj(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            message_contains="NoneType",
        ),
        # An Optional float in arithmetic with no test on it.
        Invalid(
            """
            from typing import Optional
            import torch
            from torch import nn

            def scaled(x: torch.Tensor, scale: Optional[float] = None) -> torch.Tensor:
                return x * scale

            class Model(nn.Module):
                def forward(self, x):
                    return scaled(x, 2.0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            message_contains="`scale` is Optional (a number or str",
        ),
        # A helper passes the Optional mask to an op every overload of which takes a Tensor.
        Invalid(
            """
            from typing import Optional
            import torch
            from torch import nn

            def masked_mean(x: torch.Tensor, mask: Optional[torch.Tensor] = None) -> torch.Tensor:
                x = x.masked_fill(mask, 0.0)
                return x.mean(-1)

            class Model(nn.Module):
                def forward(self, x):
                    return masked_mean(x, x < 0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            message_contains="every overload of `masked_fill` takes a plain Tensor",
        ),
        Invalid(
            """
            from typing import Optional
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, keep: Optional[torch.Tensor] = None):
                    if x.dim() > 3:
                        return x
                    return torch.where(keep, x, torch.zeros_like(x))

            def inputs():
                return [(torch.randn(2, 4), torch.ones(2, 4) > 0), (torch.randn(3, 4), torch.ones(3, 4) > 0)]
            """,
            line=9,
            message_contains="`keep` is Optional[Tensor]",
        ),
        Invalid(
            """
            from typing import List, Optional
            import torch
            from torch import nn
            class Model(nn.Module):
                heads: Optional[List[torch.Tensor]]
                def __init__(self):
                    super().__init__()
                    self.heads = [torch.zeros(1)]
                def forward(self, x):
                    if self.heads is not None:
                        self.heads[0] = x.sum(0)
                    return x
            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="never refines a module attribute",
        ),
        # An Optional[Tensor] attribute given to an op that takes a plain Tensor, after an
        # `assert` on the attribute (no narrowing of `self.x`).
        Invalid(
            """
            from typing import Optional
            import torch
            from torch import nn

            class Model(nn.Module):
                weight: Optional[torch.Tensor]

                def __init__(self):
                    super().__init__()
                    self.weight = torch.randn(4, 4)

                def forward(self, x):
                    assert self.weight is not None
                    return torch.matmul(x, self.weight)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            message_contains="annotated Optional[Tensor] in the class body and given where",
        ),
        # The truth of a submodule attribute (a module or None): no cast to bool.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, dim=4, out=8):
                    super().__init__()
                    self.proj = nn.Linear(dim, out) if dim != out else None
                    self.fc = nn.Linear(dim, out)

                def forward(self, x):
                    y = self.fc(x)
                    if self.proj:
                        y = y + self.proj(x)
                    return y

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="its truth is tested: TorchScript casts neither a module nor None",
        ),
        Invalid(
            """
            from typing import Optional
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, input_ids: Optional[torch.Tensor] = None, inputs_embeds: Optional[torch.Tensor] = None):
                    if input_ids is not None:
                        shape = input_ids.size()
                    else:
                        shape = inputs_embeds.size()[:-1]
                    return torch.zeros(shape)

            def inputs():
                return [(torch.ones(2, 3), None), (None, torch.ones(3, 4, 5))]
            """,
            line=10,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, hidden: torch.Tensor | None):
                    return self.fc(hidden)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, mask: torch.Tensor | None = None):
                    if x.sum() > 1e9:
                        return x
                    return x * mask

            def inputs():
                return [(torch.randn(2, 4), torch.ones(2, 4)), (torch.randn(3, 4), torch.ones(3, 4))]
            """,
            line=8,
        ),
        # A truth test of an Optional list (any Optional type) that no `is not None` covers.
        Invalid(
            """
            from typing import List, Optional
            import torch
            from torch import nn

            def reduce(x: torch.Tensor, dims: Optional[List[int]] = None) -> torch.Tensor:
                return x.sum(dims) if dims else x

            class Model(nn.Module):
                def forward(self, x):
                    return reduce(x, [1])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            message_contains="truth is tested",
        ),
        Invalid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(3, 3)
                    self.last: Optional[torch.Tensor] = None

                def forward(self, x):
                    y = self.fc(x)
                    self.last = y.detach()
                    return y

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=14,
            message_contains="Wrong type for attribute assignment",
        ),
        # A parameter defaulting to None that a call of the class in the file leaves out: that
        # module's attribute is NoneType, and the right side of `and` is compiled.
        Invalid(
            """
            import torch
            from torch import nn

            class Chunked(nn.Module):
                def __init__(self, dim, max_steps=None):
                    super().__init__()
                    self.max_steps = max_steps
                    self.fc = nn.Linear(dim, dim)

                def forward(self, x):
                    if self.max_steps is not None and x.shape[0] > self.max_steps:
                        x = x[: self.max_steps]
                    return self.fc(x)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.body = Chunked(4)

                def forward(self, x):
                    return self.body(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="Arguments for call are not valid",
        ),
        # Indexed under a flag, which TorchScript compiles whatever its value.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, use_scales=False):
                    super().__init__()
                    self.use_scales = use_scales
                    self.scales = nn.Parameter(torch.ones(2, 4)) if use_scales else None

                def forward(self, x):
                    if self.use_scales:
                        x = x * self.scales[0]
                    return x - 1.0

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="'NoneType' object is not subscriptable",
        ),
        # A helper's Union result given to a torch.nn submodule unnarrowed.
        Invalid(
            """
            from typing import List, Union

            import torch
            from torch import nn

            def maybe_split(x: torch.Tensor, groups: int) -> Union[torch.Tensor, List[torch.Tensor]]:
                if groups == 1:
                    return x
                return list(x.chunk(groups, dim=1))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    y = maybe_split(x, 1)
                    return self.fc(y)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=18,
            message_contains="maybe_split",
        ),
        # ... and an Optional result given to a torch op that takes a plain Tensor.
        Invalid(
            """
            from typing import Optional

            import torch
            from torch import nn

            def pick(x: torch.Tensor, keep: bool) -> Optional[torch.Tensor]:
                if keep:
                    return x
                return None

            class Model(nn.Module):
                def forward(self, x):
                    return torch.matmul(pick(x, True), x.t())

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            message_contains="Optional[...]",
        ),
    ]

    # heldout41: an Optional field of a NamedTuple of the file, read off a local.
    VALID += [
        # The field bound to a local, which the test refines.
        Valid(
            """
            from typing import NamedTuple, Optional

            import torch
            from torch import nn

            class Out(NamedTuple):
                logits: torch.Tensor
                aux: Optional[torch.Tensor]

            class Model(nn.Module):
                def head(self, x: torch.Tensor) -> Out:
                    aux: Optional[torch.Tensor] = None
                    if x.shape[0] > 1:
                        aux = x * 2
                    return Out(x, aux)

                def forward(self, x):
                    out = self.head(x)
                    aux = out.aux
                    if aux is not None:
                        return out.logits + aux
                    return out.logits

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(1, 4),)]
            """
        ),
    ]
    INVALID += [
        # torch 2.13: Arguments for call are not valid (`out.aux` stays Optional[Tensor]).
        Invalid(
            """
            from typing import NamedTuple, Optional

            import torch
            from torch import nn

            class Out(NamedTuple):
                logits: torch.Tensor
                aux: Optional[torch.Tensor]

            class Model(nn.Module):
                def head(self, x: torch.Tensor) -> Out:
                    aux: Optional[torch.Tensor] = None
                    if x.shape[0] > 1:
                        aux = x * 2
                    return Out(x, aux)

                def forward(self, x):
                    out = self.head(x)
                    if out.aux is not None:
                        return out.logits + out.aux
                    return out.logits

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(1, 4),)]
            """,
            line=20,
            message_contains="never refines a field",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        # Per class: the attributes its body annotates Optional.
        self._optional_attributes: dict[str, frozenset[str]] = {}
        # Per class: its properties (and those of its bases in this file) that return an
        # Optional, each with its return annotation.
        self._optional_properties: dict[str, dict[str, cst.BaseExpression]] = {}
        # Per class: the attributes `__init__` binds only to submodules and None.
        self._module_attributes: dict[str, frozenset[str]] = {}
        # Per class: the attributes `__init__` sets to None with the constructor's defaults
        # (and to a value on some other path).
        self._none_attributes: dict[str, frozenset[str]] = {}
        # Uses of those attributes, in the methods visited, that no `is not None` test covers.
        self._none_uses: dict[cst.CSTNode, str] = {}

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        if not in_script(self.ctx) or info is None or info.parent is not None:
            return
        self._find_none_uses(node)
        optional = frozenset(
            p.name.value
            for p in signature_params(self.ctx, node)
            if p.annotation is not None and _optional_tensor(self.ctx, p.annotation.annotation)
        )
        scalars = frozenset(
            p.name.value
            for p in signature_params(self.ctx, node)
            if p.annotation is not None
            and _optional_scalar(self.ctx, p.annotation.annotation) is not None
        )
        # Locals annotated Optional[int] / float / bool / str (`cur: Optional[int] = 0`):
        # TorchScript types them by the annotation, whatever the value stored with it.
        declared = _optional_scalar_locals(self.ctx, node)
        scalars |= declared
        optional |= scalars
        # Other Optional parameters (`Optional[List[int]]`, ...): only their truth tests count.
        truth_only = (
            frozenset(
                p.name.value
                for p in signature_params(self.ctx, node)
                if p.annotation is not None and _optional(self.ctx, p.annotation.annotation)
            )
            - optional
        )
        optional |= truth_only
        self._loop_elements(node)
        self._loop_tuple_attributes(node)
        self._grad_elements(node)
        self._container_elements(node)
        self._optional_results(node, "get")
        self._optional_results(node, "module")
        if optional:
            # `x is not None` on a parameter TorchScript types as a plain Tensor is constant.
            never_none = frozenset(
                p.name.value
                for p in signature_params(self.ctx, node)
                if p.annotation is None or not annotation_allows_none(p.annotation.annotation)
            )
            flow = _Flow(optional, self._torch_module_call, self._tensor_arguments)
            flow.never_none = never_none - flow.assigned(node.body)
            flow.scalars = scalars
            flow.declared = declared
            flow.truth_only = truth_only
            for use in flow.uses(node.body.body):
                if use in flow.truth_uses:
                    name = flow.truth_uses[use]
                    self.report(
                        use,
                        f"`{name}` is Optional and its truth is tested where no `is not None` "
                        "test covers it: torch.jit.script fails (Could not cast value of type "
                        f"Optional[...] to bool); test `{name} is not None and {name}`, or "
                        f"refine `{name}` first",
                    )
                elif use in flow.scalar_uses:
                    name = flow.scalar_uses[use]
                    self.report(
                        use,
                        f"`{name}` is Optional (a number or str that may be None) and no `is not "
                        "None` test covers it here: torch.jit.script fails on this operation "
                        f"(Arguments for call are not valid); test `{name}`, or `assert {name} is "
                        "not None` before the use",
                    )
                elif type(use) is cst.Call and use in flow.arguments:
                    name, op = flow.arguments[use]
                    self.report(
                        use,
                        f"`{name}` is Optional[Tensor] and no `is not None` test covers it here, "
                        f"but every overload of `{op}` takes a plain Tensor there: "
                        "torch.jit.script fails (Expected a value of type 'Tensor' ... but "
                        f"instead found type 'Optional[Tensor]'); test `{name}`, or `assert "
                        f"{name} is not None` before the call",
                    )
                else:
                    self.report(use)

    def _loop_elements(self, node: cst.FunctionDef) -> None:
        """``for f in feats:`` over a parameter annotated ``List[Optional[Tensor]]``: ``f`` is
        an ``Optional[Tensor]``, and TorchScript refines it only through a ``None`` test that
        guards the use or exits (``return`` / ``raise``), never through ``continue`` /
        ``break``."""
        lists = {
            p.name.value
            for p in signature_params(self.ctx, node)
            if p.annotation is not None and _optional_tensor_list(self.ctx, p.annotation.annotation)
        }
        if not lists:
            return
        lists = {name for name in lists if not assignments(node, name)}
        loops: dict[str, int] = {}
        other: set[str] = set()
        stack: list[cst.CSTNode] = list(node.body.body)
        while stack:
            current = stack.pop()
            if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                continue
            if type(current) is cst.For and type(current.target) is cst.Name:
                name = current.target.value
                if type(current.iter) is cst.Name and current.iter.value in lists:
                    loops[name] = loops.get(name, 0) + 1
                else:
                    other.add(name)
            stack.extend(current.children)
        params = {p.name.value for p in signature_params(self.ctx, node)}
        elements = frozenset(
            name
            for name, count in loops.items()
            if name not in other and name not in params and len(assignments(node, name)) == count
        )
        if not elements:
            return
        flow = _Flow(elements, self._torch_module_call, self._tensor_arguments)
        for use in flow.uses(node.body.body):
            if use in flow.truth_uses or use in flow.scalar_uses:
                continue
            self.report(
                use,
                "an element of a List[Optional[Tensor]] used where no `is not None` test covers "
                "it: TorchScript refines it only under `if x is not None:` or after `if x is "
                "None:` that returns or raises, not one that `continue`s or `break`s, so "
                "torch.jit.script fails (Arguments for call are not valid / 'Optional[Tensor]' "
                "object has no attribute or method); put the use under `if x is not None:`",
            )

    def _loop_tuple_attributes(self, node: cst.FunctionDef) -> None:
        """``for kind, stride in self.specs:`` over a module attribute the class binds once to a
        list display of tuple displays of literals where one position holds None in some and a
        number in others (``[("max", 2), ("avg", None)]``): TorchScript types the list
        ``List[Tuple[str, Optional[int]]]``, so ``stride`` is an ``Optional[int]``, refined
        only by a None test that guards the use or exits by ``return`` / ``raise`` (not
        ``continue`` / ``break``). Its uses: arithmetic, and an argument a torch op takes as a
        list of numbers (``F.max_pool2d(x, stride)``)."""
        info = self.ctx.function_info
        if info is None or info.owner_class is None or info.parent is not None:
            return
        owner = info.owner_class
        elements: dict[str, str] = {}
        stack: list[cst.CSTNode] = list(node.body.body)
        loops: list[cst.For] = []
        while stack:
            current = stack.pop()
            if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                continue
            if type(current) is cst.For:
                loops.append(current)  # type: ignore[arg-type]
            stack.extend(current.children)
        for loop in loops:
            target, attr = loop.target, self_attribute(loop.iter)
            if type(target) is not cst.Tuple or attr is None:
                continue
            optional = self._optional_positions(owner, attr, len(target.elements))
            for position in optional:
                element = target.elements[position].value
                if type(element) is cst.Name:
                    elements[element.value] = attr
        if not elements:
            return
        # Bound by nothing but one loop each.
        names = frozenset(
            name
            for name in elements
            if len(assignments(node, name)) == 1
            and not any(p.name.value == name for p in signature_params(self.ctx, node))
        )
        if not names:
            return
        flow = _NumberListFlow(
            names, lambda call: False, lambda call: (frozenset(), frozenset()), self._number_lists
        )
        flow.scalars = names
        for use in flow.uses(node.body.body):
            if use in flow.truth_uses:
                continue
            name = flow.scalar_uses.get(use) or flow.listed.get(use, "")
            self.report(
                use,
                f"`{name}` is an `Optional` number here (an element of `self.{elements.get(name)}`, "
                "whose tuples hold None at that position in some and a number in others) and no "
                "`is not None` test covers it: TorchScript refines it only under `if x is not "
                "None:` or after `if x is None:` that returns or raises, not one that "
                "`continue`s or `break`s (torch 2.13: Arguments for call are not valid; given to "
                "`F.max_pool2d`: isIntList() INTERNAL ASSERT FAILED); put the use under `if "
                f"{name} is not None:`",
            )

    def _optional_positions(self, owner: str, attr: str, size: int) -> list[int]:
        """Positions of the tuples of ``self.<attr>`` (bound once, in ``__init__``, to a list
        display of tuple displays of ``size`` literals or None; not annotated in the class body)
        that hold None in some tuples and a number in the others."""
        if attr in class_annotations(self.ctx, owner):
            return []
        values = [v for m in class_methods(self.ctx, owner) for v in self_assignments(m, attr)]
        if len(values) != 1 or type(values[0]) is not cst.List:
            return []
        rows = []
        for element in values[0].elements:  # type: ignore[union-attr]
            row = element.value
            if type(element) is not cst.Element or type(row) is not cst.Tuple:
                return []
            if len(row.elements) != size:
                return []
            rows.append([e.value for e in row.elements])
        found = []
        for position in range(size):
            column = [row[position] for row in rows]
            nones = [v for v in column if is_none(v)]
            numbers = {literal_type(v) for v in column if not is_none(v)}
            if nones and len(nones) < len(column) and numbers in ({"int"}, {"float"}):
                found.append(position)
        return found

    def _number_lists(self, call: cst.Call) -> tuple[frozenset[int], frozenset[str]]:
        """The positions and keywords of ``call`` (``F.max_pool2d(...)``, ``torch.X(...)``)
        where its op takes a list of numbers (``kernel_size``, ``stride``: the table's
        ``number_lists``), by the first overload's parameter order."""
        name = self.ctx.qualified_name(call.func) or ""
        module, _, op = name.rpartition(".")
        if module not in ("torch", "torch.nn.functional"):
            return frozenset(), frozenset()
        schemas = torchscript_table()["schemas"]
        lists = frozenset(schemas.get("number_lists", {}).get(op, ()))
        if not lists:
            return frozenset(), frozenset()
        params = schemas.get("ops", {}).get(op, "").split("|")[0].split(",")
        names = [p.split("!")[0].split("=")[0] for p in params]
        positions = frozenset(i for i, n in enumerate(names) if n in lists and "*" not in names[:i])
        return positions, lists

    def _grad_elements(self, node: cst.FunctionDef) -> None:
        """An element of ``torch.autograd.grad(...)`` (``List[Optional[Tensor]]`` in
        TorchScript): a local bound only to ``torch.autograd.grad(...)[k]``, to ``gs[k]`` of a
        local ``gs`` bound only to the call, or unpacked from the call; and such a subscript
        used in place. Refined like a parameter, but only a local can be (a subscript never
        is)."""
        bindings: dict[str, list[str]] = {}
        values: dict[str, list[cst.BaseExpression]] = {}
        loops: list[cst.BaseExpression] = []  # the iterables of `for name in ...` loops

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and child is not node:
                return False
            kind = type(child)
            if kind is cst.Assign or kind is cst.AnnAssign:
                value = child.value  # type: ignore[attr-defined]
                if value is None:
                    return None
                targets = (
                    [t.target for t in child.targets]  # type: ignore[attr-defined]
                    if kind is cst.Assign
                    else [child.target]  # type: ignore[attr-defined]
                )
                for target in targets:
                    if type(target) is cst.Name:
                        bindings.setdefault(target.value, []).append("value")
                        values.setdefault(target.value, []).append(value)
                    elif isinstance(target, (cst.Tuple, cst.List)):
                        unpacked = "element" if self._grad_call(value) else "other"
                        for element in target.elements:
                            if type(element.value) is cst.Name:
                                bindings.setdefault(element.value.value, []).append(unpacked)
            elif kind is cst.AugAssign and type(child.target) is cst.Name:  # type: ignore[attr-defined]
                bindings.setdefault(child.target.value, []).append("other")  # type: ignore[attr-defined]
            elif kind is cst.For and type(child.target) is cst.Name:  # type: ignore[attr-defined]
                loops.append(child.iter)  # type: ignore[attr-defined]
                bindings.setdefault(child.target.value, []).append(f"loop{len(loops) - 1}")  # type: ignore[attr-defined]
            elif kind in (cst.For, cst.CompFor, cst.NamedExpr, cst.WithItem):
                if kind is cst.WithItem:
                    asname = child.asname  # type: ignore[attr-defined]
                    target = asname.name if asname is not None else None
                else:
                    target = child.target  # type: ignore[attr-defined]
                if target is not None:
                    for name in target_names(target):
                        bindings.setdefault(name, []).append("other")
            return None

        walk(node.body, enter, lambda child: None)
        lists = frozenset(
            name
            for name, kinds in bindings.items()
            if all(k == "value" for k in kinds) and all(self._grad_call(v) for v in values[name])
        )
        if not lists and not self._mentions_grad(node):
            return
        params = {p.name.value for p in signature_params(self.ctx, node)}

        def element(value: cst.BaseExpression) -> bool:
            if type(value) is not cst.Subscript or len(value.slice) != 1:
                return False
            if not isinstance(value.slice[0].slice, cst.Index):
                return False
            base = value.value
            return self._grad_call(base) or (type(base) is cst.Name and base.value in lists)

        def over_grad(kind: str) -> bool:
            """A loop over the call, or over a local bound only to it."""
            if not kind.startswith("loop"):
                return kind in ("value", "element")
            iterable = loops[int(kind[4:])]
            return self._grad_call(iterable) or (
                type(iterable) is cst.Name and iterable.value in lists
            )

        elements = frozenset(
            name
            for name, kinds in bindings.items()
            if name not in params
            and all(over_grad(k) for k in kinds)
            and all(element(v) for v in values.get(name, []))
        )
        flow = _GradFlow(elements, element, self._torch_module_call, self._tensor_arguments)
        for use in flow.uses(node.body.body):
            if use in flow.truth_uses or use in flow.scalar_uses:
                continue
            self.report(
                use,
                "an element of `torch.autograd.grad(...)` used where no `is not None` test "
                "covers it: TorchScript's `autograd.grad` returns `List[Optional[Tensor]]`, so "
                "torch.jit.script fails ('Optional[Tensor]' object has no attribute or method, "
                "or Arguments for call are not valid); bind the element to a local and `assert "
                "g is not None` before the use (TorchScript refines locals, never a subscript)",
            )

    def _container_elements(self, node: cst.FunctionDef) -> None:
        """An element of a container of ``Optional[Tensor]`` (a parameter, never rebound, or a
        local annotated ``Dict[K, Optional[Tensor]]`` / ``List[Optional[Tensor]]``, or an int
        literal index of an ``Optional[Tensor]`` position of ``Tuple[Optional[Tensor], ...]``):
        ``feats["flow"]`` used in place (no test refines a subscript), and a local bound only
        to such an element used where no test on it covers it."""
        # name -> None (every element Optional) or (the Optional positions, the tuple's size)
        containers: dict[str, Optional[tuple[frozenset[int], int]]] = {}
        for param in signature_params(self.ctx, node):
            if param.annotation is None or assignments(node, param.name.value):
                continue
            if self._optional_container(param.annotation.annotation):
                containers[param.name.value] = None
            else:
                positions = _optional_tuple_positions(self.ctx, param.annotation.annotation)
                if positions is not None:
                    containers[param.name.value] = positions

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and child is not node:
                return False
            if type(child) is cst.AnnAssign and type(child.target) is cst.Name:
                annotation = child.annotation.annotation
                if self._optional_container(annotation):
                    containers[child.target.value] = None
                else:
                    positions = _optional_tuple_positions(self.ctx, annotation)
                    if positions is not None:
                        containers[child.target.value] = positions
            return None

        walk(node.body, enter, lambda child: None)
        if not containers:
            return
        params = {p.name.value for p in signature_params(self.ctx, node)}

        def element(value: cst.BaseExpression) -> bool:
            if not (
                type(value) is cst.Subscript
                and len(value.slice) == 1
                and type(value.slice[0].slice) is cst.Index
                and type(value.value) is cst.Name
                and value.value.value in containers
            ):
                return False
            positions = containers[value.value.value]
            if positions is None:
                return True
            index = _literal_index(value.slice[0].slice.value)  # type: ignore[attr-defined]
            optional, size = positions
            return index is not None and -size <= index < size and index % size in optional

        bound = _local_bindings(node)
        elements = frozenset(
            name
            for name, values in bound.items()
            if name not in params
            and name not in containers
            and values
            and all(v is not None and element(v) for v in values)
        )
        flow = _GradFlow(elements, element, self._torch_module_call, self._tensor_arguments)
        for use in flow.uses(node.body.body):
            if use in flow.truth_uses or use in flow.scalar_uses:
                continue
            self.report(
                use,
                "an element of a container of Optional[Tensor] (`Dict[..., "
                "Optional[Tensor]]` / `List[Optional[Tensor]]`, or an `Optional[Tensor]` "
                "position of a `Tuple[...]`) used where no `is not None` "
                "test covers it: it is an Optional[Tensor] and TorchScript refines a local "
                "only, never a subscript, so torch.jit.script fails (Arguments for call are "
                "not valid / 'Optional[Tensor]' object has no attribute or method); bind the "
                "element to a local and test it (`f = feats[k]`, `if f is not None:`)",
            )

    def _optional_results(self, node: cst.FunctionDef, source: str) -> None:
        """Results TorchScript types Optional, used where no test covers them: with ``source``
        ``"get"``, ``d.get(key)`` without a default on a dict (a parameter, never rebound, or
        a local annotated ``Dict[...]``: TorchScript's ``dict.get(key)`` returns
        ``Optional[V]``); with ``"module"``, an Optional output of a torch.nn submodule (the
        table's ``module_optional_outputs``, read from the scripted forward's schema:
        ``out, weights = self.attn(q, k, v)``, ``self.attn(q, k, v)[1]``). Used in place, or
        through a local bound only to one."""
        outputs = torchscript_table().get("module_optional_outputs", {})
        dicts: set[str] = set()
        if source == "get":
            for param in signature_params(self.ctx, node):
                if param.annotation is not None and not assignments(node, param.name.value):
                    if _dict_annotation(param.annotation.annotation):
                        dicts.add(param.name.value)

            def annotated(child: cst.CSTNode) -> Optional[bool]:
                if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                    return False  # their own scope
                if type(child) is cst.AnnAssign and type(child.target) is cst.Name:  # type: ignore[attr-defined]
                    if _dict_annotation(child.annotation.annotation):  # type: ignore[attr-defined]
                        dicts.add(child.target.value)  # type: ignore[attr-defined]
                return None

            walk(node.body, annotated, lambda child: None)
            if not dicts:
                return
        elif not outputs:
            return

        def held(call: cst.BaseExpression) -> object:
            """The table's entry for a call of a torch.nn submodule with Optional outputs, or
            the Optional positions of the ``-> Tuple[...]`` of a module class of this file."""
            if type(call) is not cst.Call:
                return None
            cls = self.ctx.held_class(call.func)  # type: ignore[attr-defined]
            if cls is None:
                return None
            if cls.startswith("torch.nn.modules."):
                cls = "torch.nn." + cls.rpartition(".")[2]
            return outputs.get(cls) or self._forward_optional_positions(cls)

        calls = _local_bindings(node)
        call_params = {p.name.value for p in signature_params(self.ctx, node)}

        def held_local(name: cst.BaseExpression) -> object:
            """The positions of a local bound only to calls with the same Optional outputs
            (``outputs = self.encoder(x)``, then ``outputs[1]``)."""
            if source != "module" or type(name) is not cst.Name or name.value in call_params:
                return None
            values = calls.get(name.value) or []
            found = [held(v) if v is not None else None for v in values]
            if not found or any(not isinstance(f, list) for f in found):
                return None
            return found[0] if all(f == found[0] for f in found) else None

        def element(value: cst.BaseExpression) -> bool:
            if source == "get":
                return (
                    type(value) is cst.Call
                    and type(value.func) is cst.Attribute
                    and value.func.attr.value == "get"
                    and type(value.func.value) is cst.Name
                    and value.func.value.value in dicts
                    and len(value.args) == 1
                    and value.args[0].keyword is None
                    and not value.args[0].star
                )
            if held(value) == "all":
                return True
            if type(value) is not cst.Subscript or len(value.slice) != 1:
                return False
            index = value.slice[0].slice
            positions = held(value.value) or held_local(value.value)
            return (
                isinstance(positions, list)
                and type(index) is cst.Index
                and _literal_index(index.value) in positions
            )

        unpacked: dict[str, int] = {}  # name -> its bindings to an Optional output, unpacked

        def unpack(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and child is not node:
                return False
            if type(child) is cst.Assign and source == "module":
                positions = held(child.value)  # type: ignore[attr-defined]
                for target in child.targets:  # type: ignore[attr-defined]
                    if isinstance(target.target, (cst.Tuple, cst.List)) and isinstance(
                        positions, list
                    ):
                        for i, item in enumerate(target.target.elements):
                            if type(item.value) is cst.Name and i in positions:
                                unpacked[item.value.value] = unpacked.get(item.value.value, 0) + 1
            return None

        walk(node.body, unpack, lambda child: None)
        params = {p.name.value for p in signature_params(self.ctx, node)}
        bound = _local_bindings(node)
        elements = frozenset(
            name
            for name, values in bound.items()
            if name not in params
            and values
            and all(v is None or element(v) for v in values)
            and sum(v is None for v in values) == unpacked.get(name, 0)
        )
        flow = _ResultFlow(elements, element, self._torch_module_call, self._tensor_arguments)
        for use in flow.uses(node.body.body):
            if use in flow.truth_uses or use in flow.scalar_uses:
                continue
            if source == "get":
                message = (
                    "the result of `d.get(key)` without a default used where no `is not None` "
                    "test covers it: TorchScript's `dict.get(key)` returns `Optional[V]`, so "
                    "torch.jit.script fails ('Optional[Tensor]' object has no attribute or "
                    "method, or Expected a value of type 'Tensor' ... but instead found type "
                    "'Optional[Tensor]'); index it (`d[key]`, KeyError when missing), or bind "
                    "it to a local and test it (`f = d.get(key)`, `assert f is not None`)"
                )
            else:
                message = (
                    "an Optional output of a submodule used where no `is not None` test "
                    "covers it: the module's scripted forward returns it Optional (its "
                    "`-> Tuple[..., Optional[...]]` annotation; `nn.MultiheadAttention`: "
                    "`Tuple[Tensor, Optional[Tensor]]`, the weights None with "
                    "`need_weights=False`) whatever the call passes, and TorchScript refines a "
                    "local name only, never a subscript, so torch.jit.script fails "
                    "('Optional[Tensor]' object has no attribute or method, or Expected a value "
                    "of type 'Tensor' ... but instead found type 'Optional[Tensor]'); bind it to "
                    "a local and test that (`w = out[1]`, `if w is not None:`), or `assert w is "
                    "not None` before the use"
                )
            self.report(use, message)

    def _forward_optional_positions(self, cls: str) -> Optional[list[int]]:
        """The positions annotated Optional (``Optional[T]``, ``Union[T, None]``, ``T |
        None``) in the ``-> Tuple[...]`` / ``tuple[...]`` return annotation of the
        ``forward`` of ``cls``, a module class of this file (TorchScript types the call's
        result by it, whatever the call returns); None where there are none."""
        if not self.ctx.index.is_module_class(cls) or self.ctx.index.class_info(cls) is None:
            return None
        owner = class_def(self.ctx, cls)
        if owner is None or self.ctx.model.summary.qualify(owner.name.value) != cls:
            return None
        forwards = [
            stmt
            for stmt in owner.body.body
            if type(stmt) is cst.FunctionDef and stmt.name.value == "forward"
        ]
        if len(forwards) != 1 or forwards[0].returns is None or forwards[0].decorators:
            return None
        annotation = forwards[0].returns.annotation
        if type(annotation) is not cst.Subscript or self.ctx.qualified_name(
            annotation.value
        ) not in ("typing.Tuple", "builtins.tuple"):
            return None
        positions = []
        for i, item in enumerate(annotation.slice):
            if type(item.slice) is not cst.Index:
                return None
            element = item.slice.value
            if type(element) is cst.Ellipsis:
                return None
            if _optional_annotation(self.ctx, element):
                positions.append(i)
        return positions or None

    def _optional_container(self, annotation: cst.BaseExpression) -> bool:
        """``Dict[K, Optional[Tensor]]`` or ``List[Optional[Tensor]]`` (``dict`` / ``list``)."""
        if _optional_tensor_list(self.ctx, annotation):
            return True
        if type(annotation) is not cst.Subscript or self.ctx.qualified_name(
            annotation.value
        ) not in ("typing.Dict", "builtins.dict"):
            return False
        items = [e.slice for e in annotation.slice]
        return (
            len(items) == 2
            and type(items[1]) is cst.Index
            and _optional_tensor(self.ctx, items[1].value)
        )

    def _grad_call(self, value: cst.BaseExpression) -> bool:
        return (
            type(value) is cst.Call and self.ctx.qualified_name(value.func) == "torch.autograd.grad"
        )

    def _mentions_grad(self, node: cst.FunctionDef) -> bool:
        found = False

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal found
            if type(child) is cst.Call and self._grad_call(child):
                found = True
            return False if found else None

        walk(node.body, enter, lambda child: None)
        return found

    # -- module attributes None with the constructor's defaults, used unrefined
    def _find_none_uses(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        if info is None or info.owner_class is None or not is_method(self.ctx, node):
            return
        owner = info.owner_class
        found = self._none_attributes.get(owner)
        if found is None:
            found = self._none_attributes[owner] = _none_by_default(self.ctx, owner)
        if not found or node.name.value == "__init__":
            return
        flow = _AttributeFlow(found, lambda call: False, lambda call: (frozenset(), frozenset()))
        # A lazy cache (stored by a method of the class): its store is the finding; an operand
        # or index use of it is flagged only for an attribute the constructor alone sets.
        stored = {
            attr
            for attr in found
            for method in class_methods(self.ctx, owner)
            if method.name.value != "__init__" and self_assignments(method, attr)
        }
        for use in flow.uses(node.body.body):
            attr = flow.attributes[use]
            if attr in stored and type(use) not in (cst.Call, cst.Attribute):
                continue
            self._none_uses[use] = attr

    def _none_use(self, node: cst.CSTNode) -> None:
        attr = self._none_uses.get(node)
        if attr is None or not in_script(self.ctx):
            return
        kind = type(node)
        if kind is cst.Call:
            what, said = "calls", "cannot call a value of type 'NoneType'"
        elif kind is cst.Attribute:
            what = "reads an attribute of"
            said = f"'NoneType' object has no attribute or method '{node.attr.value}'"  # type: ignore[attr-defined]
        elif kind is cst.Subscript:
            what, said = "indexes", "'NoneType' object is not subscriptable"
        else:
            what = "compares" if kind is cst.Comparison else "computes with"
            said = "Arguments for call are not valid"
        self.report(
            node,
            f"`self.{attr}` is None in a module built with the constructor's defaults, and this "
            f"{what} it where no `if self.{attr} is not None:` covers it: TorchScript types the "
            f"attribute NoneType and compiles this code anyway (the right side of `and` / `or` "
            f"too), so scripting fails ({said}); test `if self.{attr} is not None:` "
            "(TorchScript then skips the branch), not a flag",
        )

    def visit_Call(self, node: cst.Call) -> None:
        self._none_use(node)
        self._attribute_argument(node)

    def _attribute_argument(self, node: cst.Call) -> None:
        """``torch.outer(t, self.inv_freq)`` with ``inv_freq: Optional[Tensor]`` in the class
        body, where every overload of the op takes a plain Tensor (or the input of a torch.nn
        submodule): no test narrows the attribute, so no overload matches."""
        positions, keywords = self._tensor_arguments(node)
        if self._torch_module_call(node):
            positions = positions | {0}
        if not positions and not keywords:
            return
        position = 0
        for arg in node.args:
            if arg.star:
                return
            if arg.keyword is None:
                taken = position in positions
                position += 1
            else:
                taken = arg.keyword.value in keywords
            if taken and self._union_result(arg.value):
                continue
            attr = self._optional_attribute(arg.value) if taken else None
            if attr is None:
                continue
            returns = self._property_returns(attr)
            if returns is not None:
                if _optional_tensor(self.ctx, returns):
                    self._property_use(attr, returns, arg.value)
                continue
            if attr not in self._optional_tensor_attributes():
                continue
            self.report(
                arg.value,
                f"`self.{attr}` is annotated Optional[Tensor] in the class body and given where "
                "a plain Tensor is needed: TorchScript never refines a module attribute (`assert "
                f"self.{attr} is not None` or an `if` test does not narrow it), so scripting "
                "fails (Arguments for call are not valid); copy it to a local and test that "
                f"(`{attr} = self.{attr}`, `assert {attr} is not None`)",
            )

    def _union_result(self, value: cst.BaseExpression) -> bool:
        """``self.fc(y)`` where ``y = maybe_split(x, g)`` (bound once, never tested with
        ``isinstance`` / ``is``) or ``maybe_split(x, g)`` itself, of a function of this file
        annotated ``-> Union[...]`` / ``-> Optional[...]``: given where a plain Tensor is
        needed, TorchScript finds no overload for the union (torch 2.13: Expected a value of
        type 'Tensor' ... but instead found type 'Union[Tensor, List[Tensor]]'). Reported,
        True."""
        function = self.ctx.function
        call, name = value, None
        if type(value) is cst.Name and function is not None:
            if value.value in {p.name.value for p in signature_params(self.ctx, function)}:
                return False
            bound = assignments(function, value.value)
            if len(bound) != 1 or bound[0][2] != 1 or _tested(function, value.value):
                return False
            call, name = bound[0][0], value.value
        if type(call) is not cst.Call or type(call.func) is not cst.Name:
            return False
        callee = next(
            (
                info.node
                for info in self.ctx.model.functions.values()
                if info.parent is None
                and info.owner_class is None
                and info.node.name.value == call.func.value
            ),
            None,
        )
        if callee is None or callee.returns is None:
            return False
        annotation = callee.returns.annotation
        found = "the union"
        if type(annotation) is cst.Subscript:
            spelled = self.ctx.qualified_name(annotation.value)
            if spelled not in ("typing.Union", "typing.Optional"):
                return False
            if spelled == "typing.Optional":
                found = "type 'Optional[...]'"
        elif not (
            type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr
        ):
            return False
        returns = self.ctx.module.code_for_node(annotation)
        what = (
            f"`{name}`, the result of `{callee.name.value}(...)`,"
            if name
            else (f"`{callee.name.value}(...)`")
        )
        self.report(
            value,
            f"{what} is annotated `{returns}` and given where a plain Tensor is needed: "
            "TorchScript types it the union, and no `isinstance` test narrows it, so scripting "
            f"fails (Expected a value of type 'Tensor' ... but instead found {found}); test "
            "`isinstance(..., torch.Tensor)` first, or return one type",
        )
        return True

    def _optional_tensor_attributes(self) -> frozenset[str]:
        info = self.ctx.function_info
        cls = (
            None
            if info is None or info.owner_class is None
            else class_def(self.ctx, info.owner_class)
        )
        if cls is None:
            return frozenset()
        return frozenset(
            small.target.value
            for line in cls.body.body
            if type(line) is cst.SimpleStatementLine
            for small in line.body
            if type(small) is cst.AnnAssign
            and type(small.target) is cst.Name
            and _optional_tensor(self.ctx, small.annotation.annotation)
        )

    def visit_Assign(self, node: cst.Assign) -> None:
        """``self.rel_index = ...`` in scripted code of an attribute TorchScript types NoneType:
        it refuses the store (torch 2.13: Wrong type for attribute assignment. Expected
        NoneType but got Tensor), whatever test is around it."""
        if (
            len(node.targets) == 1
            and type(node.targets[0].target) is cst.Name
            and type(node.value) is cst.IfExp
        ):
            self._optional_read_ternary(node.value, node.targets[0].target.value)  # type: ignore[attr-defined]
        if len(node.targets) == 1 and is_none(node.value):
            self._none_store(node)
            return
        store = scripted_attribute_store(self.ctx, node)
        stores = (
            [(*store, node.targets[0].target)]
            if store is not None
            else scripted_attribute_unpacked_stores(self.ctx, node)
        )
        for attr, owner, target in stores:
            if attr in self._none_attributes.get(owner, frozenset()):
                self._none_typed_store(target, attr)

    def _optional_read(self, node: cst.BaseExpression) -> Optional[str]:
        """The Optional type TorchScript gives the read ``node`` (the generated
        ``optional_attributes``): ``t.device.index`` (``Optional[int]``), ``t.name`` of a
        tensor ``t``."""
        if type(node) is not cst.Attribute:
            return None
        table = torchscript_table().get("optional_attributes", {})
        inner = node.value
        if (
            type(inner) is cst.Attribute
            and inner.attr.value == "device"  # type: ignore[attr-defined]
            and self.ctx.kind(inner.value) is Kind.TENSOR  # type: ignore[attr-defined]
        ):
            return table.get("device", {}).get(node.attr.value)  # type: ignore[attr-defined]
        if self.ctx.kind(inner) is Kind.TENSOR:
            return table.get("tensor", {}).get(node.attr.value)  # type: ignore[attr-defined]
        return None

    def _optional_read_ternary(self, node: cst.IfExp, name: str) -> None:
        """``shard = ids.device.index if ids.device.index is not None else 0``, ``shard`` then
        an operand of arithmetic or of a comparison (``==``, ``<``...), and never tested ``is
        None`` itself: TorchScript refines a local name alone, so the read in the taken branch
        is still ``Optional[int]`` and so is the conditional; no overload of the operator takes
        it (torch 2.13: Arguments for call are not valid)."""
        function = self.ctx.function
        if function is None or not in_script(self.ctx) or dead_in_script(self.ctx):
            return
        test = node.test
        if type(test) is not cst.Comparison or len(test.comparisons) != 1:
            return
        comparison = test.comparisons[0]
        if not is_none(comparison.comparator):
            return
        read = test.left
        optional = self._optional_read(read)
        if optional is None:
            return
        if type(comparison.operator) is cst.IsNot:
            value, other = node.body, node.orelse
        elif type(comparison.operator) is cst.Is:
            value, other = node.orelse, node.body
        else:
            return
        if not value.deep_equals(read) or is_none(other) or len(assignments(function, name)) != 1:
            return
        uses: list[cst.CSTNode] = []
        tested: list[cst.CSTNode] = []

        def named(side: cst.BaseExpression) -> bool:
            return type(side) is cst.Name and side.value == name

        def enter(child: cst.CSTNode) -> bool:
            if type(child) is cst.BinaryOperation and type(child.operator) in ARITHMETIC:
                if named(child.left) or named(child.right):
                    uses.append(child)
            if type(child) is cst.Comparison:
                sides = [child.left, *(c.comparator for c in child.comparisons)]
                for index, target in enumerate(child.comparisons):
                    if not (named(sides[index]) or named(sides[index + 1])):
                        continue
                    if isinstance(target.operator, (cst.Is, cst.IsNot)):
                        tested.append(child)  # the local refined: its uses may be guarded
                    elif not isinstance(target.operator, (cst.In, cst.NotIn)):
                        uses.append(child)
            return True

        walk(function.body, enter, lambda child: None)
        if not uses or tested:
            return
        spelled = self.ctx.module.code_for_node(read)
        local = read.attr.value  # type: ignore[attr-defined]
        self.report(
            node,
            f"`{spelled}` is {optional} to TorchScript, which refines a local name alone: the "
            f"`is not None` test leaves the read it returns {optional}, so `{name}` is "
            f"{optional} too and arithmetic or a comparison with it finds no overload (torch "
            f"2.13: Arguments for call are not valid); bind the read to a local and test that "
            f"(`{local} = "
            f"{spelled}`, then `{local} if {local} is not None else ...`)",
        )

    def _none_typed_store(self, target: cst.BaseExpression, attr: str) -> None:
        self.report(
            target,
            f"`self.{attr}` is None when a freshly built module is scripted (`__init__` binds "
            "it only to None), so TorchScript types it NoneType and refuses this store (torch "
            "2.13: Wrong type for attribute assignment. Expected NoneType but got Tensor, for a "
            "tensor); "
            f"annotate it in the class body (`{attr}: Optional[torch.Tensor]`) and read it "
            f"through a local (`{attr} = self.{attr}`, `if {attr} is not None:`)",
        )

    def _none_store(self, node: cst.Assign) -> None:
        """``self.cache = None`` in scripted code of an attribute that holds a tensor when
        the module is scripted: TorchScript types it Tensor (never Optional, unless the class
        body annotates it) and refuses the store (torch 2.13: Wrong type for attribute
        assignment. Expected Tensor but got NoneType). A buffer or parameter registered with
        a tensor, or bound in ``__init__`` to a torch factory's tensor; or a lazy cache
        (bound only to None in ``__init__``, filled with a tensor by scripted code), once the
        module has run."""
        store = scripted_attribute_store(self.ctx, node)  # one target: the caller checked
        if store is None:
            return
        attr, owner = store
        if attr in class_annotations(self.ctx, owner):
            return
        methods = class_methods(self.ctx, owner)
        init = next((m for m in methods if m.name.value == "__init__"), None)
        if init is None:
            return
        code = cst.Module([]).code_for_node(init)
        if "setattr" in code or "__dict__" in code:
            return
        # Stores outside scripted code (a `reset()` Python calls) may leave None there.
        if any(
            self_assignments(m, attr)
            for m in methods
            if m is not init and not _scripted(self.ctx, m)
        ):
            return
        given = _tensor_binding(self.ctx, init, attr)
        fix = (
            f"annotate it in the class body (`{attr}: Optional[torch.Tensor]`) and read it "
            f"through a local (`{attr} = self.{attr}`, `if {attr} is not None:`)"
        )
        if given is not None:
            self.report(
                node.targets[0].target,
                f"`self.{attr}` holds a tensor when the module is scripted ({given}), so "
                "TorchScript types it Tensor, never Optional, and refuses this store of None "
                "(torch 2.13: Wrong type for attribute assignment. Expected Tensor but got "
                f"NoneType); {fix}",
            )
            return
        if attr not in _always_none(self.ctx, owner, init, methods):
            return
        fill = _tensor_fill(self.ctx, methods, init, attr)
        if fill is None:
            return
        self.report(
            node.targets[0].target,
            f"`self.{attr}` is a lazy cache (`__init__` binds it only to None, and scripted "
            f"code stores a tensor in it, {fill}): a module that has run holds that tensor, "
            "so TorchScript types the attribute Tensor, never Optional, and refuses this store "
            "of None (torch 2.13: Wrong type for attribute assignment. Expected Tensor but got "
            "NoneType), while a module scripted before it ran types it NoneType and refuses "
            f"the tensor store instead; {fix}",
        )

    # -- module attributes annotated Optional in the class body: never refined
    def _optional_attribute(self, node: cst.CSTNode) -> Optional[str]:
        attr = self_attribute(node)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None or not in_script(self.ctx):
            return None
        owner = info.owner_class
        found = self._optional_attributes.get(owner)
        if found is None:
            found = self._optional_attributes[owner] = self._annotated_optional(owner)
        return attr if attr in found or self._property_returns(attr) is not None else None

    def _optional_field(self, node: cst.CSTNode) -> Optional[tuple[str, str]]:
        """(``out.aux``, class) for a field read off a local or parameter that holds a
        NamedTuple class of this file (a parameter annotated with it, or a local bound only to
        its construction or to a call of a function or method of the file annotated ``->``
        it) whose class body annotates the field Optional."""
        function = self.ctx.function
        if (
            function is None
            or type(node) is not cst.Attribute
            or type(node.value) is not cst.Name
            or not in_script(self.ctx)
        ):
            return None
        local = node.value.value
        classes: set[str] = set()
        param = next(
            (p for p in signature_params(self.ctx, function) if p.name.value == local), None
        )
        bound = assignments(function, local)
        if param is not None:
            if (
                bound
                or param.annotation is None
                or type(param.annotation.annotation) is not cst.Name
            ):
                return None
            classes.add(param.annotation.annotation.value)
        else:
            if not bound:
                return None
            for value, _, size in bound:
                cls = self._named_tuple_made(value) if size == 1 else None
                if cls is None:
                    return None
                classes.add(cls)
        if len(classes) != 1:
            return None
        cls = classes.pop()
        fields = _named_tuple_optional_fields(self.ctx, cls)
        if fields is None or node.attr.value not in fields:
            return None
        return f"{local}.{node.attr.value}", cls

    def _named_tuple_made(self, value: Optional[cst.BaseExpression]) -> Optional[str]:
        """The class of this file a call builds or returns (by its ``->`` annotation)."""
        if type(value) is not cst.Call:
            return None
        func = value.func
        if type(func) is cst.Name:
            for statement in self.ctx.module.body:
                if type(statement) is cst.ClassDef and statement.name.value == func.value:
                    return func.value
                if type(statement) is cst.FunctionDef and statement.name.value == func.value:
                    return _returns_name(statement)
            return None
        info = self.ctx.function_info
        if (
            type(func) is cst.Attribute
            and type(func.value) is cst.Name
            and func.value.value == "self"
            and info is not None
            and info.owner_class is not None
        ):
            for method in class_methods(self.ctx, info.owner_class):
                if method.name.value == func.attr.value:
                    return _returns_name(method)
        return None

    def _property_returns(self, attr: str) -> Optional[cst.BaseExpression]:
        """The return annotation of ``attr`` where it names an Optional-returning property of
        the class of the method being linted."""
        info = self.ctx.function_info
        if info is None or info.owner_class is None:
            return None
        owner = info.owner_class
        found = self._optional_properties.get(owner)
        if found is None:
            found = self._optional_properties[owner] = _optional_properties(self.ctx, owner)
        return found.get(attr)

    def _property_use(self, attr: str, returns: cst.BaseExpression, node: cst.CSTNode) -> None:
        spelled = self.ctx.module.code_for_node(returns)
        self.report(
            node,
            f"`self.{attr}` is a property returning `{spelled}`: TorchScript compiles the read "
            "as a call of its getter and never refines the result (a `self."
            f"{attr} is not None` test does not narrow it), so scripting fails here (Arguments "
            "for call are not valid, or 'Optional[...]' object has no attribute or method, is "
            f"not subscriptable, is not iterable); bind it to a local and test that (`{attr} = "
            f"self.{attr}`, `if {attr} is not None:`)",
        )

    def _annotated_optional(self, owner: str) -> frozenset[str]:
        cls = class_def(self.ctx, owner)
        if cls is None or has_constants(self.ctx, owner):
            return frozenset()
        return frozenset(
            small.target.value
            for line in cls.body.body
            if type(line) is cst.SimpleStatementLine
            for small in line.body
            if type(small) is cst.AnnAssign
            and type(small.target) is cst.Name
            and _optional(self.ctx, small.annotation.annotation)
        )

    def _attribute_use(self, operand: cst.CSTNode, node: cst.CSTNode) -> None:
        field = self._optional_field(operand)
        if field is not None:
            code, cls = field
            local = code.split(".")[0]
            name = code.split(".")[-1]
            self.report(
                node,
                f"`{code}` is a field `{cls}` annotates Optional, and TorchScript never refines "
                f"a field read (a `{code} is not None` test does not narrow it): scripting "
                f"fails here (Arguments for call are not valid, or 'Optional[...]' object has "
                f"no attribute or method); bind it to a local and test that (`{name} = "
                f"{local}.{name}`, `if {name} is not None:`)",
            )
            return
        attr = self._optional_attribute(operand)
        returns = None if attr is None else self._property_returns(attr)
        if attr is not None and returns is not None:
            self._property_use(attr, returns, node)
        elif attr is not None:
            self.report(
                node,
                f"`self.{attr}` is annotated Optional in the class body and TorchScript never "
                f"refines a module attribute (a `self.{attr} is not None` test does not narrow "
                f"it): scripting fails here; copy it to a local and test that (`{attr} = "
                f"self.{attr}`, `if {attr} is not None:`)",
            )

    def visit_Subscript(self, node: cst.Subscript) -> None:
        self._attribute_use(node.value, node)
        self._none_use(node)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._attribute_use(node.value, node)
        self._none_use(node)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        self._attribute_use(node.left, node)
        self._attribute_use(node.right, node)
        self._none_use(node)

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        self._none_use(node)
        if type(node.operator) is cst.Not:
            self._module_truth(node.expression)

    def visit_If(self, node: cst.If) -> None:
        self._module_truth(node.test)

    def visit_While(self, node: cst.While) -> None:
        self._module_truth(node.test)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._module_truth(node.test)

    def visit_Assert(self, node: cst.Assert) -> None:
        self._module_truth(node.test)

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        self._module_truth(node.left)
        self._module_truth(node.right)

    # -- module attributes (a submodule, or None) whose truth is tested
    def _module_truth(self, test: cst.BaseExpression) -> None:
        """``if self.proj:`` where ``__init__`` binds ``self.proj`` only to submodules and
        None (``nn.Conv2d(...) if cin != cout else None``): TorchScript casts neither a module
        nor None to bool."""
        attr = self_attribute(test)
        info = self.ctx.function_info
        if (
            attr is None
            or info is None
            or info.owner_class is None
            or not in_script(self.ctx)
            or dead_in_script(self.ctx)
        ):
            return
        owner = info.owner_class
        found = self._module_attributes.get(owner)
        if found is None:
            found = self._module_attributes[owner] = self._module_or_none(owner)
        if attr not in found:
            return
        self.report(
            test,
            f"`self.{attr}` holds a submodule (or None) and its truth is tested: TorchScript "
            "casts neither a module nor None to bool, so torch.jit.script fails (Could not cast "
            f"value of type ... to bool); test `self.{attr} is not None`",
        )

    def _module_or_none(self, owner: str) -> frozenset[str]:
        """Attributes ``__init__`` of ``owner`` binds only to module constructions and None,
        at least once to a module, that no other method binds."""
        if has_constants(self.ctx, owner):
            return frozenset()
        methods = class_methods(self.ctx, owner)
        init = next((m for m in methods if m.name.value == "__init__"), None)
        if init is None:
            return frozenset()
        annotated = class_annotations(self.ctx, owner)

        def module_call(value: cst.BaseExpression) -> bool:
            if type(value) is not cst.Call:
                return False
            name = self.ctx.qualified_name(value.func)
            return name is not None and self.ctx.index.is_module_class(name)

        def sides(value: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
            if type(value) is cst.IfExp:
                yield from sides(value.body)
                yield from sides(value.orelse)
            else:
                yield value

        found = set()
        for attr in _init_attributes(init):
            if attr in annotated or any(
                self_assignments(m, attr) for m in methods if m is not init
            ):
                continue
            values = self_assignments(init, attr)
            if not values or any(v is None for v in values):
                continue
            leaves = [leaf for v in values for leaf in sides(v)]  # type: ignore[arg-type]
            if all(is_none(leaf) or module_call(leaf) for leaf in leaves) and any(
                module_call(leaf) for leaf in leaves
            ):
                found.add(attr)
        return frozenset(found)

    def visit_Comparison(self, node: cst.Comparison) -> None:
        self._none_use(node)

    def visit_For(self, node: cst.For) -> None:
        self._attribute_use(node.iter, node.iter)

    def _tensor_arguments(self, call: cst.Call) -> tuple[frozenset[int], frozenset[str]]:
        """The positions and keywords of ``call`` where every overload of the aten op it binds
        takes a plain Tensor (``x.masked_fill(mask, 0.0)``: ``mask``): ``torch.X(...)``, or a
        tensor method on a value known to be a Tensor (its receiver is ``self``)."""
        schemas = torchscript_table()["schemas"]
        func = call.func
        if type(func) is not cst.Attribute:
            return frozenset(), frozenset()
        op = func.attr.value
        entry = schemas.get("tensor_args", {}).get(op)
        if entry is None:
            return frozenset(), frozenset()
        if self.ctx.qualified_name(func) == "torch." + op and op in schemas["torch_functions"]:
            return frozenset(entry["positions"]), frozenset(entry["names"])
        if op not in schemas["tensor_methods"] or self.ctx.kind(func.value) is not Kind.TENSOR:
            return frozenset(), frozenset()
        overloads = schemas["ops"][op].split("|")
        if not all(o == "self" or o.startswith("self,") for o in overloads):
            return frozenset(), frozenset()
        return frozenset(p - 1 for p in entry["positions"] if p > 0), frozenset(entry["names"])

    def _torch_module_call(self, call: cst.Call) -> bool:
        """``self.dense(x)`` where ``self.dense`` is a torch.nn module: its input is a Tensor."""
        cls = self.ctx.held_class(call.func)
        return cls is not None and cls.startswith("torch.nn.")


def _optional_properties(ctx: LintContext, owner: str) -> dict[str, cst.BaseExpression]:
    """Properties of class ``owner`` and of its bases defined in this file (by bare name) whose
    getter returns an Optional: annotated ``-> Optional[T]`` / ``-> T | None`` /
    ``Union[T, None]``, or unannotated where every ``return`` gives ``self.<a>`` of an attribute
    the class body annotates Optional (TorchScript infers the getter's type from it). Each with
    the annotation that makes it Optional. A property a class lists in
    ``__jit_unused_properties__`` is not compiled: left out. A name the class binds otherwise
    too (an attribute annotated in a class body, a method of that name in a subclass) left out.
    """
    found: dict[str, cst.BaseExpression] = {}
    seen: set[str] = set()
    shadowed: set[str] = set()
    name: Optional[str] = owner.rpartition(".")[2]
    queue = [name]
    while queue:
        name = queue.pop(0)
        if name is None or name in seen:
            continue
        seen.add(name)
        cls = class_def(ctx, name)
        if cls is None:
            continue
        unused = _jit_unused_properties(cls)
        annotated: dict[str, cst.BaseExpression] = {}
        for line in cls.body.body:
            if type(line) is cst.SimpleStatementLine:
                for small in line.body:
                    if type(small) is cst.AnnAssign and type(small.target) is cst.Name:
                        annotated[small.target.value] = small.annotation.annotation
                        shadowed.add(small.target.value)
        for line in cls.body.body:
            if type(line) is not cst.FunctionDef:
                continue
            attr = line.name.value
            if attr in found or attr in shadowed or attr in unused:
                continue
            shadowed.add(attr)
            if not any(
                type(d.decorator) is cst.Name and d.decorator.value == "property"
                for d in line.decorators
            ):
                continue
            returns = line.returns.annotation if line.returns is not None else None
            if type(returns) is cst.SimpleString:
                # `-> "Optional[Tensor]"`: TorchScript reads the string as the annotation.
                returns = _parsed_annotation(returns)
                if returns is None:
                    continue
            if returns is not None:
                if _optional(ctx, returns):
                    found[attr] = returns
                continue
            values = function_returns(line)
            kinds = {self_attribute(v) if v is not None else None for v in values}
            if len(kinds) == 1 and None not in kinds:
                (read,) = kinds
                given = annotated.get(read)  # type: ignore[arg-type]
                if given is not None and _optional(ctx, given):
                    found[attr] = given
        queue.extend(b.value.value for b in cls.bases if type(b.value) is cst.Name)
    return found


def _parsed_annotation(annotation: cst.SimpleString) -> Optional[cst.BaseExpression]:
    """The expression a string annotation spells, None where it is not one."""
    text = annotation.evaluated_value
    if not isinstance(text, str):
        return None
    try:
        return cst.parse_expression(text)
    except cst.ParserSyntaxError:
        return None


def _jit_unused_properties(cls: cst.ClassDef) -> set[str]:
    """The names a class body lists in ``__jit_unused_properties__``."""
    for line in cls.body.body:
        if type(line) is not cst.SimpleStatementLine:
            continue
        for small in line.body:
            if type(small) is not cst.Assign or len(small.targets) != 1:
                continue
            target = small.targets[0].target
            if type(target) is cst.Name and target.value == "__jit_unused_properties__":
                elements = getattr(small.value, "elements", ())
                return {
                    e.value.evaluated_value
                    for e in elements
                    if type(e.value) is cst.SimpleString
                    and isinstance(e.value.evaluated_value, str)
                }
    return set()


def _tested(function: cst.FunctionDef, name: str) -> bool:
    """Whether ``name`` is an operand of a comparison or the first argument of a call (an
    ``isinstance`` test, a helper that may narrow it) anywhere in ``function``."""
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if type(node) is cst.Comparison and any(
            type(part) is cst.Name and part.value == name
            for part in [node.left, *(c.comparator for c in node.comparisons)]
        ):
            found = True
        elif (
            type(node) is cst.Call
            and node.args
            and type(node.args[0].value) is cst.Name
            and node.args[0].value.value == name
            and type(node.func) is cst.Name
            and node.func.value == "isinstance"
        ):
            found = True
        elif type(node) in (cst.If, cst.While, cst.IfExp, cst.Assert):
            test = node.test
            if type(test) is cst.Name and test.value == name:
                found = True
        return None

    walk(function, enter, lambda node: None)
    return found


def _optional_sides(ctx: LintContext, annotation: cst.BaseExpression) -> Optional[list[str]]:
    """The two names of ``Optional[T]``, ``Union[T, None]``, ``T | None`` (``None`` one of
    them; a dotted ``T`` by its qualified name), else None."""
    if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
        sides = [annotation.left, annotation.right]
    elif type(annotation) is cst.Subscript and ctx.qualified_name(annotation.value) in (
        "typing.Optional",
        "typing.Union",
    ):
        sides = [e.slice.value for e in annotation.slice if type(e.slice) is cst.Index]
        if ctx.qualified_name(annotation.value) == "typing.Optional":
            sides.append(cst.Name("None"))
    else:
        return None
    names = [_side_name(ctx, s) for s in sides]
    if len(names) != 2 or names.count("None") != 1:
        return None
    return names  # type: ignore[return-value]


def _side_name(ctx: LintContext, side: cst.BaseExpression) -> Optional[str]:
    """A bare name as written (``int``, ``None``), except one imported from torch (``Tensor``
    of ``from torch import Tensor`` is ``torch.Tensor``); a dotted one by its qualified name."""
    if type(side) is not cst.Name:
        return ctx.qualified_name(side)
    name = ctx.qualified_name(side)
    return name if name is not None and name.startswith("torch.") else side.value


def _none_test(test: cst.BaseExpression) -> Optional[tuple[str, bool]]:
    """``none_test`` with the operands either way round: ``None is not x`` refines ``x`` in
    TorchScript as ``x is not None`` does (torch 2.13 compiles ``h + x`` under it)."""
    found = none_test(test)
    if found is not None or type(test) is not cst.Comparison or len(test.comparisons) != 1:
        return found
    target = test.comparisons[0]
    if is_none(test.left) and type(target.comparator) is cst.Name:
        swapped = cst.Comparison(
            left=target.comparator,
            comparisons=[target.with_changes(comparator=test.left)],
        )
        return none_test(swapped)
    return None


def _optional_tensor(ctx: LintContext, annotation: cst.BaseExpression) -> bool:
    """``Optional[Tensor]``, ``Union[Tensor, None]``, ``Tensor | None``."""
    names = _optional_sides(ctx, annotation)
    return names is not None and any(n in TENSOR_TYPES or _typed_tensor(n) for n in names)


def _optional_tuple_positions(
    ctx: LintContext, annotation: cst.BaseExpression
) -> Optional[tuple[frozenset[int], int]]:
    """The positions of ``Optional[Tensor]`` items of a fixed-size ``Tuple[...]`` (``tuple[...]``
    too) holding at least one, with its size; None otherwise."""
    if type(annotation) is not cst.Subscript or ctx.qualified_name(annotation.value) not in (
        "typing.Tuple",
        "builtins.tuple",
    ):
        return None
    items = []
    for element in annotation.slice:
        if type(element.slice) is not cst.Index or type(element.slice.value) is cst.Ellipsis:
            return None
        items.append(element.slice.value)
    optional = frozenset(k for k, item in enumerate(items) if _optional_tensor(ctx, item))
    return (optional, len(items)) if optional else None


def _literal_index(node: cst.BaseExpression) -> Optional[int]:
    """The value of an int literal index (``0``, ``-1``)."""
    negative = type(node) is cst.UnaryOperation and type(node.operator) is cst.Minus
    if negative:
        node = node.expression  # type: ignore[attr-defined]
    if type(node) is not cst.Integer:
        return None
    value = int(node.value, 0)
    return -value if negative else value


def _optional_tensor_list(ctx: LintContext, annotation: cst.BaseExpression) -> bool:
    """``List[Optional[Tensor]]`` (``list[...]`` too)."""
    return (
        type(annotation) is cst.Subscript
        and ctx.qualified_name(annotation.value) in ("typing.List", "builtins.list")
        and len(annotation.slice) == 1
        and type(annotation.slice[0].slice) is cst.Index
        and _optional_tensor(ctx, annotation.slice[0].slice.value)
    )


def _optional_scalar(ctx: LintContext, annotation: cst.BaseExpression) -> Optional[str]:
    """``int`` of ``Optional[int]`` / ``int | None`` (``float``, ``bool``, ``str`` too)."""
    names = _optional_sides(ctx, annotation)
    if names is None:
        return None
    other = next(n for n in names if n != "None")
    return other if other in ("int", "float", "bool", "str") else None


def _returns_name(function: cst.FunctionDef) -> Optional[str]:
    """``Out`` of ``def f(...) -> Out``."""
    if function.returns is None or type(function.returns.annotation) is not cst.Name:
        return None
    return function.returns.annotation.value


def _named_tuple_optional_fields(ctx: LintContext, name: str) -> Optional[frozenset[str]]:
    """The fields a ``typing.NamedTuple`` class of this file annotates Optional, or None."""
    for statement in ctx.module.body:
        if type(statement) is not cst.ClassDef or statement.name.value != name:
            continue
        if not any(ctx.qualified_name(b.value) == "typing.NamedTuple" for b in statement.bases):
            return None
        return frozenset(
            small.target.value
            for line in statement.body.body
            if type(line) is cst.SimpleStatementLine
            for small in line.body
            if type(small) is cst.AnnAssign
            and type(small.target) is cst.Name
            and _optional(ctx, small.annotation.annotation)
        )
    return None


def _optional(ctx: LintContext, annotation: cst.BaseExpression) -> bool:
    """``Optional[T]``, ``Union[T, None]``, ``T | None`` (``Any`` and ``None`` alone left out)."""
    if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
        return is_none(annotation.left) or is_none(annotation.right)
    if type(annotation) is not cst.Subscript:
        return False
    name = ctx.qualified_name(annotation.value)
    if name == "typing.Optional":
        return True
    return name == "typing.Union" and any(
        type(e.slice) is cst.Index and is_none(e.slice.value) for e in annotation.slice
    )


def _typed_tensor(name: Optional[str]) -> bool:
    return name is not None and name.startswith("torch.") and name.endswith("Tensor")


class _Flow:
    """Walks a function body in order, tracking which Optional names are known not None."""

    def __init__(
        self,
        optional: Refined,
        tensor_call: Callable[[cst.Call], bool],
        tensor_arguments: Callable[[cst.Call], tuple[frozenset[int], frozenset[str]]],
    ) -> None:
        self.optional = optional
        self.tensor_call = tensor_call
        self.tensor_arguments = tensor_arguments
        # A call found for an Optional name among its Tensor arguments: (the name, the op).
        self.arguments: dict[cst.Call, tuple[str, str]] = {}
        # Optional int / float / bool / str parameters: only their arithmetic counts.
        self.scalars: Refined = frozenset()
        self.scalar_uses: dict[cst.CSTNode, str] = {}
        # Optional parameters of other types: only their truth tests count.
        self.truth_only: Refined = frozenset()
        self.truth_uses: dict[cst.CSTNode, str] = {}
        self.never_none: Refined = frozenset()
        # Locals an annotated assignment declares Optional: unrefined again after it.
        self.declared: Refined = frozenset()
        self.found: list[cst.CSTNode] = []

    def uses(self, body: Sequence[cst.BaseStatement]) -> list[cst.CSTNode]:
        self._block(body, frozenset())
        return self.found

    # -- statements: each returns the names refined after it, or None when it always exits
    def _block(self, body: Sequence[cst.CSTNode], refined: Refined) -> Optional[Refined]:
        current: Optional[Refined] = refined
        for statement in body:
            if current is None:
                return None
            current = self._statement(statement, current)
        return current

    def _statement(self, stmt: cst.CSTNode, refined: Refined) -> Optional[Refined]:
        kind = type(stmt)
        if kind is cst.SimpleStatementLine:
            current: Optional[Refined] = refined
            for small in stmt.body:  # type: ignore[attr-defined]
                if current is None:
                    return None
                current = self._small(small, current)
            return current
        if kind is cst.If:
            when_true, when_false = self._test(stmt.test, refined)  # type: ignore[attr-defined]
            body = self._block(stmt.body.body, when_true)  # type: ignore[attr-defined]
            orelse = stmt.orelse  # type: ignore[attr-defined]
            if orelse is None:
                other: Optional[Refined] = when_false
            elif type(orelse) is cst.If:
                other = self._statement(orelse, when_false)
            else:
                other = self._block(orelse.body.body, when_false)
            if body is None:
                return other
            if other is None:
                return body
            return body & other
        if kind is cst.For or kind is cst.While:
            if kind is cst.For:
                self._expression(stmt.iter, refined)  # type: ignore[attr-defined]
            else:
                self._test(stmt.test, refined)  # type: ignore[attr-defined]
            self._block(stmt.body.body, refined)  # type: ignore[attr-defined]
            return refined
        if kind is cst.With:
            for item in stmt.items:  # type: ignore[attr-defined]
                self._expression(item.item, refined)
            return self._block(stmt.body.body, refined)  # type: ignore[attr-defined]
        if kind is cst.Try:
            self._block(stmt.body.body, refined)  # type: ignore[attr-defined]
            return refined
        return refined  # nested functions and classes: their own scope

    def _small(self, small: cst.CSTNode, refined: Refined) -> Optional[Refined]:
        kind = type(small)
        if kind is cst.Return or kind is cst.Raise:
            value = small.value if kind is cst.Return else small.exc  # type: ignore[attr-defined]
            if value is not None:
                self._expression(value, refined)
            return None
        if kind is cst.Assert:
            return self._test(small.test, refined)[0]  # type: ignore[attr-defined]
        if kind is cst.Assign or kind is cst.AnnAssign or kind is cst.AugAssign:
            value = small.value  # type: ignore[attr-defined]
            if value is not None:
                self._expression(value, refined)
            if kind is cst.AugAssign:
                self._expression(small.target, refined)  # type: ignore[attr-defined]
            target = getattr(small, "target", None)
            if kind is cst.AnnAssign and type(target) is cst.Name and target.value in self.declared:
                return refined - {target.value}
            return refined | self.assigned(small)
        if kind is cst.Expr:
            self._expression(small.value, refined)  # type: ignore[attr-defined]
        return refined

    def assigned(self, node: cst.CSTNode) -> Refined:
        """Parameter names bound anywhere in ``node`` (they hold another value from then on)."""
        names: set[str] = set()
        stack = [node]
        while stack:
            current = stack.pop()
            kind = type(current)
            if kind is cst.AssignTarget or kind is cst.AnnAssign or kind is cst.AugAssign:
                target = current.target  # type: ignore[attr-defined]
                if type(target) is cst.Name:
                    names.add(target.value)
            stack.extend(current.children)
        return frozenset(names)

    # -- expressions
    def _test(self, test: cst.BaseExpression, refined: Refined) -> tuple[Refined, Refined]:
        """Checks ``test``; returns the names refined where it is true, and where it is false."""
        kind = type(test)
        if kind is cst.UnaryOperation and type(test.operator) is cst.Not:  # type: ignore[attr-defined]
            when_true, when_false = self._test(test.expression, refined)  # type: ignore[attr-defined]
            return when_false, when_true
        if kind is cst.BooleanOperation:
            left_true, left_false = self._test(test.left, refined)  # type: ignore[attr-defined]
            if type(test.operator) is cst.And:  # type: ignore[attr-defined]
                right_true, right_false = self._test(test.right, left_true)  # type: ignore[attr-defined]
                return right_true, left_false & right_false
            right_true, right_false = self._test(test.right, left_false)  # type: ignore[attr-defined]
            return left_true & right_true, right_false
        constant = self._constant_none_test(test)
        if constant is not None:  # the other branch is never compiled: nothing to check there
            return (refined, self.optional) if constant else (self.optional, refined)
        name = self._none_test(test)
        if name is not None:
            is_not, target = name
            refined_name = refined | {target}
            return (refined_name, refined) if is_not else (refined, refined_name)
        if kind is cst.Name:
            self._truth(test, refined)
        self._expression(test, refined)
        return refined, refined

    def _constant_none_test(self, test: cst.BaseExpression) -> Optional[bool]:
        """The value of ``y is not None`` / ``y is None`` for a parameter typed plain Tensor."""
        found = _none_test(test)
        return found[1] if found is not None and found[0] in self.never_none else None

    def _none_test(self, test: cst.BaseExpression) -> Optional[tuple[bool, str]]:
        """``x is not None`` -> (True, "x"); ``x is None`` -> (False, "x");
        ``isinstance(x, torch.Tensor)`` -> (True, "x"): TorchScript refines on it too."""
        found = _none_test(test)
        if found is None:
            found = _tensor_isinstance(test)
        return (found[1], found[0]) if found is not None and found[0] in self.optional else None

    def _expression(self, expr: cst.CSTNode, refined: Refined) -> None:
        for node, scope in self._walk(expr, refined):
            kind = type(node)
            if kind is cst.Attribute or kind is cst.Subscript:
                self._use(node.value, scope, node)  # type: ignore[attr-defined]
            elif kind is cst.BinaryOperation:
                self._use(node.left, scope, node)  # type: ignore[attr-defined]
                self._use(node.right, scope, node)  # type: ignore[attr-defined]
            elif kind is cst.UnaryOperation and type(node.operator) is not cst.Not:  # type: ignore[attr-defined]
                self._use(node.expression, scope, node)  # type: ignore[attr-defined]
            elif kind is cst.UnaryOperation:  # `not x`: a truth test
                self._truth(node.expression, scope)  # type: ignore[attr-defined]
            elif kind is cst.Call and node.args:  # type: ignore[attr-defined]
                self._call(node, scope)  # type: ignore[arg-type]
            elif kind is cst.Comparison:
                for operand in _ordered_operands(node):  # type: ignore[arg-type]
                    self._compare(operand, scope, node)

    def _compare(self, operand: cst.CSTNode, refined: Refined, node: cst.CSTNode) -> None:
        """An Optional number / str compared by ==, !=, <, ...: TorchScript has no overload
        of those for an Optional (`x == 3`, even `x == None`: Arguments for call are not valid)."""
        if type(operand) is not cst.Name or operand.value not in self.scalars - refined:  # type: ignore[attr-defined]
            return
        self.scalar_uses[node] = operand.value  # type: ignore[attr-defined]
        self.found.append(node)

    def _call(self, call: cst.Call, scope: Refined) -> None:
        """An argument where the callee wants a Tensor: a torch.nn submodule's input, or an
        argument every overload of the torch op types plain ``Tensor``."""
        first = call.args[0]
        if first.keyword is None and not first.star and self.tensor_call(call):
            self._use(first.value, scope, call)
            return
        if not any(type(arg.value) is cst.Name for arg in call.args):
            return
        positions, names = self.tensor_arguments(call)
        for index, arg in enumerate(call.args):
            if arg.star:
                return  # the positions after a * are unknown
            if (arg.keyword is None and index in positions) or (
                arg.keyword is not None and arg.keyword.value in names
            ):
                found = len(self.found)
                self._use(arg.value, scope, call)
                if len(self.found) > found:
                    self.arguments[call] = (arg.value.value, call.func.attr.value)  # type: ignore[attr-defined]
                    return

    def _walk(self, expr: cst.CSTNode, refined: Refined) -> Iterator[tuple[cst.CSTNode, Refined]]:
        """Every node of ``expr`` with the names refined where it runs (and/or, ternaries)."""
        stack: list[tuple[cst.CSTNode, Refined]] = [(expr, refined)]
        while stack:
            node, scope = stack.pop()
            kind = type(node)
            if kind is cst.Lambda or kind in _COMPREHENSIONS:
                continue  # their own scope; TorchScript rejects lambdas anyway
            if kind is cst.BooleanOperation:
                left_true, left_false = self._test(node.left, scope)  # type: ignore[attr-defined]
                right = left_true if type(node.operator) is cst.And else left_false  # type: ignore[attr-defined]
                self._truth(node.right, right)  # type: ignore[attr-defined]  # cast to bool too
                stack.append((node.right, right))  # type: ignore[attr-defined]
                continue
            if kind is cst.IfExp:
                when_true, when_false = self._test(node.test, scope)  # type: ignore[attr-defined]
                stack.append((node.body, when_true))  # type: ignore[attr-defined]
                stack.append((node.orelse, when_false))  # type: ignore[attr-defined]
                continue
            yield node, scope
            stack.extend((child, scope) for child in node.children)

    def _truth(self, operand: cst.CSTNode, refined: Refined) -> None:
        """``operand`` tested for truth (``if x:``, ``not x``, ``x and ...``): TorchScript
        cannot cast an Optional to bool, whatever the type inside."""
        if type(operand) is cst.Name and operand.value in self.optional - refined:  # type: ignore[attr-defined]
            self.truth_uses[operand] = operand.value  # type: ignore[attr-defined]
            self.found.append(operand)

    def _use(self, operand: cst.CSTNode, refined: Refined, node: cst.CSTNode) -> None:
        if type(operand) is not cst.Name or operand.value not in self.optional - refined:  # type: ignore[attr-defined]
            return
        if operand.value in self.truth_only:  # type: ignore[attr-defined]
            return
        if operand.value in self.scalars:  # type: ignore[attr-defined]
            operator = type(getattr(node, "operator", None))
            if operator not in _SCALAR_ARITHMETIC:
                return
            self.scalar_uses[node] = operand.value  # type: ignore[attr-defined]
        self.found.append(node)


# The operators an Optional number / str fails in (`%` left out: it formats strings too).
_SCALAR_ARITHMETIC = frozenset(
    {
        cst.Add,
        cst.Subtract,
        cst.Multiply,
        cst.Divide,
        cst.FloorDivide,
        cst.Power,
        cst.Minus,
    }
)


_COMPREHENSIONS = frozenset({cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp})


class _NumberListFlow(_Flow):
    """``_Flow`` that also counts an Optional number given where a torch op takes a list of
    numbers (``F.max_pool2d(x, stride)``)."""

    def __init__(self, optional: Refined, tensor_call, tensor_arguments, number_lists) -> None:  # type: ignore[no-untyped-def]
        super().__init__(optional, tensor_call, tensor_arguments)
        self.number_lists = number_lists
        self.listed: dict[cst.CSTNode, str] = {}

    def _call(self, call: cst.Call, scope: Refined) -> None:
        positions, names = self.number_lists(call)
        for index, arg in enumerate(call.args):
            if arg.star:
                return
            if (arg.keyword is None and index in positions) or (
                arg.keyword is not None and arg.keyword.value in names
            ):
                value = arg.value
                if type(value) is cst.Name and value.value in self.optional - scope:
                    self.listed[call] = value.value
                    self.found.append(call)
                    return


class _GradFlow(_Flow):
    """``_Flow`` over the elements of ``torch.autograd.grad(...)``: a binding of a local to
    one leaves it Optional (unrefined), and a subscript of the call (or of a local bound to
    it) used in place is a use wherever it stands."""

    def __init__(
        self, optional: Refined, element: Callable[[cst.BaseExpression], bool], *args
    ) -> None:  # type: ignore[no-untyped-def]
        super().__init__(optional, *args)
        self.element = element

    def _small(self, small: cst.CSTNode, refined: Refined) -> Optional[Refined]:
        result = super()._small(small, refined)
        kind = type(small)
        if result is not None and (kind is cst.Assign or kind is cst.AnnAssign):
            value = small.value  # type: ignore[attr-defined]
            if value is not None and (self.element(value) or _unpacks_grad(small)):
                result = result - self.assigned(small)
        return result

    def _use(self, operand: cst.CSTNode, refined: Refined, node: cst.CSTNode) -> None:
        if isinstance(operand, cst.Subscript) and self.element(operand):
            self.found.append(node)
            return
        super()._use(operand, refined, node)

    def _call(self, call: cst.Call, scope: Refined) -> None:
        """Also a subscript of the call passed where a Tensor is wanted (no test refines
        one)."""
        found = len(self.found)
        super()._call(call, scope)
        if len(self.found) > found:
            return
        first = call.args[0]
        if first.keyword is None and not first.star and self.element(first.value):
            if self.tensor_call(call):
                self.found.append(call)
                return
        positions, names = self.tensor_arguments(call)
        for index, arg in enumerate(call.args):
            if arg.star:
                return
            wanted = (arg.keyword is None and index in positions) or (
                arg.keyword is not None and arg.keyword.value in names
            )
            if wanted and self.element(arg.value):
                self.found.append(call)
                return


def _dict_annotation(annotation: cst.BaseExpression) -> bool:
    """``Dict[K, V]`` / ``dict[K, V]`` (``typing.Dict``)."""
    if type(annotation) is not cst.Subscript:
        return False
    base = annotation.value
    name = base.value if type(base) is cst.Name else getattr(base, "attr", None)
    name = name.value if isinstance(name, cst.Name) else name
    return name in ("Dict", "dict")


def _optional_annotation(ctx: LintContext, annotation: cst.BaseExpression) -> bool:
    """``Optional[T]``, ``Union[..., None]``, ``T | None``."""
    if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
        sides = (annotation.left, annotation.right)
        return any(type(side) is cst.Name and side.value == "None" for side in sides)
    if type(annotation) is not cst.Subscript:
        return False
    name = ctx.qualified_name(annotation.value)
    if name == "typing.Optional":
        return True
    return name == "typing.Union" and any(
        type(e.slice) is cst.Index
        and type(e.slice.value) is cst.Name
        and e.slice.value.value == "None"
        for e in annotation.slice
    )


def _local_bindings(
    function: cst.FunctionDef,
) -> dict[str, list[Optional[cst.BaseExpression]]]:
    """Name -> the values bound to it in ``function`` (None for a binding that is not one
    plain value: unpacking, ``+=``, a loop or ``with`` target, a walrus), nested scopes left
    out."""
    found: dict[str, list[Optional[cst.BaseExpression]]] = {}

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) and child is not function:
            return False
        kind = type(child)
        if kind is cst.Assign:
            for target in child.targets:  # type: ignore[attr-defined]
                plain = type(target.target) is cst.Name
                for name in target_names(target.target):
                    found.setdefault(name, []).append(child.value if plain else None)  # type: ignore[attr-defined]
        elif kind is cst.AnnAssign and type(child.target) is cst.Name:  # type: ignore[attr-defined]
            found.setdefault(child.target.value, []).append(child.value)  # type: ignore[attr-defined]
        elif kind is cst.AugAssign and type(child.target) is cst.Name:  # type: ignore[attr-defined]
            found.setdefault(child.target.value, []).append(None)  # type: ignore[attr-defined]
        elif kind in (cst.For, cst.CompFor, cst.NamedExpr):
            for name in target_names(child.target):  # type: ignore[attr-defined]
                found.setdefault(name, []).append(None)
        elif kind is cst.WithItem and child.asname is not None:  # type: ignore[attr-defined]
            for name in target_names(child.asname.name):  # type: ignore[attr-defined]
                found.setdefault(name, []).append(None)
        return None

    walk(function.body, enter, lambda child: None)
    return found


def _unpacks_grad(assign: cst.CSTNode) -> bool:
    """``a, b = torch.autograd.grad(...)`` (any call, spelled ``grad``, unpacked)."""
    if type(assign) is not cst.Assign or type(assign.value) is not cst.Call:  # type: ignore[attr-defined]
        return False
    return any(isinstance(t.target, (cst.Tuple, cst.List)) for t in assign.targets)  # type: ignore[attr-defined]


class _ResultFlow(_GradFlow):
    """``_GradFlow`` whose in-place elements may be calls too (``feats.get("c5").sum()``)."""

    def _use(self, operand: cst.CSTNode, refined: Refined, node: cst.CSTNode) -> None:
        if isinstance(operand, cst.Call) and self.element(operand):
            self.found.append(node)
            return
        super()._use(operand, refined, node)


class _AttributeFlow(_Flow):
    """``_Flow`` over module attributes (``self.proj``): a call of one, or an attribute read on
    one, where no ``self.proj is not None`` test (or ``is None`` early exit) covers it."""

    def __init__(self, optional: Refined, *args) -> None:  # type: ignore[no-untyped-def]
        super().__init__(optional, *args)
        self.attributes: dict[cst.CSTNode, str] = {}

    def assigned(self, node: cst.CSTNode) -> Refined:
        names: set[str] = set()
        stack = [node]
        while stack:
            current = stack.pop()
            kind = type(current)
            if kind is cst.AssignTarget or kind is cst.AnnAssign or kind is cst.AugAssign:
                attr = self_attribute(current.target)  # type: ignore[attr-defined]
                if attr is not None:
                    names.add(attr)
            stack.extend(current.children)
        return frozenset(names)

    def _constant_none_test(self, test: cst.BaseExpression) -> Optional[bool]:
        return None

    def _truth(self, operand: cst.CSTNode, refined: Refined) -> None:
        return None  # `if self.proj:` is TL213's other check; names here are attributes

    # TorchScript types these attributes NoneType: an `if` on `self.proj is not None` drops
    # its branch, but `and` / `or` compile their right side whatever the left (torch 2.13:
    # `self.cache is None or self.cache.shape[0] != n` fails on `.shape`).
    def _test(self, test: cst.BaseExpression, refined: Refined) -> tuple[Refined, Refined]:
        if type(test) is cst.BooleanOperation:
            left_true, left_false = self._test(test.left, refined)  # type: ignore[attr-defined]
            right_true, right_false = self._test(test.right, refined)  # type: ignore[attr-defined]
            if type(test.operator) is cst.And:  # type: ignore[attr-defined]
                return left_true | right_true, left_false & right_false
            return left_true & right_true, left_false | right_false
        return super()._test(test, refined)

    def _walk(self, expr: cst.CSTNode, refined: Refined) -> Iterator[tuple[cst.CSTNode, Refined]]:
        stack: list[tuple[cst.CSTNode, Refined]] = [(expr, refined)]
        while stack:
            node, scope = stack.pop()
            kind = type(node)
            if kind is cst.Lambda or kind in _COMPREHENSIONS:
                continue
            if kind is cst.IfExp:
                when_true, when_false = self._test(node.test, scope)  # type: ignore[attr-defined]
                stack.append((node.body, when_true))  # type: ignore[attr-defined]
                stack.append((node.orelse, when_false))  # type: ignore[attr-defined]
                continue
            if kind is cst.BooleanOperation:
                self._test(node, scope)  # type: ignore[arg-type]
                continue
            yield node, scope
            stack.extend((child, scope) for child in node.children)

    def _none_test(self, test: cst.BaseExpression) -> Optional[tuple[bool, str]]:
        if type(test) is not cst.Comparison or len(test.comparisons) != 1:  # type: ignore[attr-defined]
            return None
        target = test.comparisons[0]  # type: ignore[attr-defined]
        attr = self_attribute(test.left)  # type: ignore[attr-defined]
        if attr in self.optional and type(target.operator) in (cst.Is, cst.IsNot):
            if is_none(target.comparator):
                return type(target.operator) is cst.IsNot, attr  # type: ignore[return-value]
        return None

    def _expression(self, expr: cst.CSTNode, refined: Refined) -> None:
        for node, scope in self._walk(expr, refined):
            kind = type(node)
            operands: Sequence[cst.CSTNode] = ()
            if kind is cst.Call:
                operands = (node.func,)  # type: ignore[attr-defined]
            elif kind is cst.Attribute or kind is cst.Subscript:
                operands = (node.value,)  # type: ignore[attr-defined]
            elif kind is cst.BinaryOperation:
                operands = (node.left, node.right)  # type: ignore[attr-defined]
            elif kind is cst.UnaryOperation and type(node.operator) is not cst.Not:  # type: ignore[attr-defined]
                operands = (node.expression,)  # type: ignore[attr-defined]
            elif kind is cst.Comparison:
                operands = _compared_operands(node)  # type: ignore[arg-type]
            for operand in operands:
                attr = self_attribute(operand)
                if attr is not None and attr in self.optional - scope:
                    self.found.append(node)
                    self.attributes[node] = attr
                    break


def _compared_operands(node: cst.Comparison) -> list[cst.BaseExpression]:
    """The operands of a comparison that an operator other than ``is`` / ``is not`` takes
    (``T > self.max_steps``, ``x in self.keep``; not ``self.proj is not None``)."""
    operands = [node.left, *(c.comparator for c in node.comparisons)]
    found = []
    for index, operand in enumerate(operands):
        around = node.comparisons[max(index - 1, 0) : index + 1]
        if any(type(c.operator) not in (cst.Is, cst.IsNot) for c in around):
            found.append(operand)
    return found


_ORDERING = (
    cst.Equal,
    cst.NotEqual,
    cst.LessThan,
    cst.LessThanEqual,
    cst.GreaterThan,
    cst.GreaterThanEqual,
)


def _ordered_operands(node: cst.Comparison) -> list[cst.BaseExpression]:
    """The operands of ``node`` next to ``==``, ``!=``, ``<``, ``<=``, ``>`` or ``>=``."""
    operands = [node.left, *(c.comparator for c in node.comparisons)]
    found = []
    for index, operand in enumerate(operands):
        around = node.comparisons[max(index - 1, 0) : index + 1]
        if any(type(c.operator) in _ORDERING for c in around):
            found.append(operand)
    return found


def _optional_scalar_locals(ctx: LintContext, function: cst.FunctionDef) -> frozenset[str]:
    """Names ``function`` binds by an annotated assignment typed Optional[int] / float / bool /
    str (``cur: Optional[int] = 0``), not in nested functions or classes."""
    names: set[str] = set()
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is cst.FunctionDef or kind is cst.ClassDef or kind is cst.Lambda:
            continue
        if kind is cst.AnnAssign and type(current.target) is cst.Name:  # type: ignore[attr-defined]
            if _optional_scalar(ctx, current.annotation.annotation) is not None:  # type: ignore[attr-defined]
                names.add(current.target.value)  # type: ignore[attr-defined]
        stack.extend(current.children)
    return frozenset(names)


def _none_by_default(ctx: LintContext, owner: str) -> frozenset[str]:
    """Attributes the ``__init__`` of ``owner`` (this file) sets to None when the constructor
    runs with its defaults, and to a constructed value (a call) on another path:
    ``self.proj = nn.Linear(d, d) if use_proj else None`` with ``use_proj=False``, ``if
    use_proj: self.proj = ... else: self.proj = None``. Not for a class with
    ``Final`` / ``__constants__`` (TorchScript folds those tests), an attribute its body
    annotates, or one another method sets."""
    if has_constants(ctx, owner):
        return frozenset()
    methods = class_methods(ctx, owner)
    init = next((m for m in methods if m.name.value == "__init__"), None)
    if init is None:
        return frozenset()
    params = [*init.params.posonly_params, *init.params.params, *init.params.kwonly_params]
    defaults = {
        p.name.value: p.default
        for p in params
        if p.default is not None and not assignments(init, p.name.value)
    }
    # `self.use_proj = use_proj`: the attribute stands for the parameter in tests.
    for stmt in init.body.body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is cst.Assign and len(small.targets) == 1:
                name = self_attribute(small.targets[0].target)
                value = small.value
                if name is not None and type(value) is cst.Name and value.value in defaults:
                    if len(self_assignments(init, name)) == 1:
                        defaults[f"self.{name}"] = defaults[value.value]
    annotated = class_annotations(ctx, owner)
    found = set(_always_none(ctx, owner, init, methods) - annotated)
    for attr in _init_attributes(init):
        if attr in annotated or any(self_assignments(m, attr) for m in methods if m is not init):
            continue
        final = _default_value(init.body.body, attr, defaults)
        if final is None or final is _UNKNOWN:
            continue
        if not is_none(final[0]):  # type: ignore[index]
            # `self.max_steps = max_steps` with `max_steps=None`, where a call of the class in
            # this file leaves it out (`BLSTM(dim, layers)`): that module holds None there.
            param = final[0].value if type(final[0]) is cst.Name else None  # type: ignore[index]
            if (
                param in defaults
                and is_none(defaults[param])
                and _left_out(ctx, owner, init, param)
            ):
                found.add(attr)
            continue
        values = self_assignments(init, attr)
        if any(v is not None and _may_be_value(v) for v in values):
            found.add(attr)
    return frozenset(found)


_UNKNOWN = object()


def _left_out(ctx: LintContext, owner: str, init: cst.FunctionDef, param: str) -> bool:
    """Whether a call of class ``owner`` in this file (by its bare name) gives ``param`` of its
    ``__init__`` no value: not by keyword, not at its position, no ``*args`` / ``**kwargs``."""
    positional = [*init.params.posonly_params, *init.params.params][1:]  # after `self`
    position = next((i for i, p in enumerate(positional) if p.name.value == param), None)
    name = owner.rpartition(".")[2]
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if found:
            return False
        if type(node) is not cst.Call or type(node.func) is not cst.Name:  # type: ignore[attr-defined]
            return None
        if node.func.value != name:  # type: ignore[attr-defined]
            return None
        args = node.args  # type: ignore[attr-defined]
        if any(a.star or (a.keyword is not None and a.keyword.value == param) for a in args):
            return None
        given = sum(1 for a in args if a.keyword is None)
        if position is None or given <= position:
            found = True
        return None

    walk(ctx.module, enter, lambda node: None)
    return found


_REGISTERS = {"register_buffer": "tensor", "register_parameter": "param"}


def _always_none(
    ctx: LintContext, owner: str, init: cst.FunctionDef, methods: list[cst.FunctionDef]
) -> set[str]:
    """Attributes ``__init__`` binds only to None (``self.cache = None``,
    ``self.register_buffer("cache", None)``, ``self.register_parameter("bias", None)``) and
    that scripted code of the class fills in later (a lazy cache). A freshly built module
    holds None there, which TorchScript types NoneType. Not for an attribute a method
    ``__init__`` calls stores into, nor for a class whose ``__init__`` sets attributes by name
    (``setattr``, ``__dict__``)."""
    code = cst.Module([]).code_for_node(init)
    if "setattr" in code or "__dict__" in code:
        return set()
    registered: dict[str, list[bool]] = {}  # per name: whether each registration gives None
    stored: set[str] = set()

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda) and node is not init:
            return False
        if type(node) is cst.AssignTarget or (
            # `self.cache: Optional[Tensor] = None`: TorchScript reads no annotation of
            # `__init__`'s, only the class body's; the value types the attribute.
            type(node) is cst.AnnAssign and node.value is not None  # type: ignore[attr-defined]
        ):
            attr = self_attribute(node.target)  # type: ignore[attr-defined]
            if attr is not None:
                stored.add(attr)
        func = getattr(node, "func", None)
        if type(node) is not cst.Call or type(func) is not cst.Attribute:
            return None
        keyword = _REGISTERS.get(func.attr.value)  # type: ignore[union-attr]
        receiver = func.value  # type: ignore[union-attr]
        if keyword is None or type(receiver) is not cst.Name or receiver.value != "self":
            return None
        args = node.args  # type: ignore[attr-defined]
        if not args or type(args[0].value) is not cst.SimpleString:
            return None
        name = args[0].value.evaluated_value
        given = next(
            (
                a.value
                for i, a in enumerate(args)
                if (a.keyword is None and i == 1)
                or (a.keyword is not None and a.keyword.value == keyword)
            ),
            None,
        )
        if isinstance(name, str):
            registered.setdefault(name, []).append(given is not None and is_none(given))
        return None

    walk(init.body, enter, lambda node: None)
    called = {name for name in _self_calls(init) if any(m.name.value == name for m in methods)}
    found = set()
    for attr in stored | set(registered):
        values = self_assignments(init, attr)
        if not all(v is not None and is_none(v) for v in values):
            continue
        if not all(registered.get(attr, [])):
            continue
        if any(self_assignments(m, attr) for m in methods if m.name.value in called):
            continue
        # A lazy cache: scripted code of the class fills it in (`self.rel_index = ...` in
        # `forward`); one nothing in the class stores may be set from outside before scripting.
        if not any(
            any(v is None or not is_none(v) for v in self_assignments(m, attr))
            for m in methods
            if m is not init and _scripted(ctx, m)
        ):
            continue
        found.add(attr)
    return found


# Torch factories whose result is a tensor (an attribute `__init__` binds to one holds one).
_FACTORIES = frozenset(
    f"torch.{name}"
    for name in (
        "zeros", "ones", "empty", "full", "randn", "rand", "randint", "tensor", "as_tensor",
        "arange", "linspace", "eye", "zeros_like", "ones_like", "empty_like", "full_like",
    )
) | frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})  # fmt: skip


def _tensor_binding(ctx: LintContext, init: cst.FunctionDef, attr: str) -> Optional[str]:
    """How ``__init__`` gives ``self.<attr>`` a tensor, where every binding of it there does:
    ``self.register_buffer("<attr>", t)`` / ``register_parameter`` with a value other than
    None, ``self.<attr> = torch.zeros(...)`` / ``nn.Parameter(...)``; None otherwise."""
    said: Optional[str] = None
    ok = True

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal said, ok
        if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda) and node is not init:
            return False
        func = getattr(node, "func", None)
        if type(node) is not cst.Call or type(func) is not cst.Attribute:
            return None
        keyword = _REGISTERS.get(func.attr.value)  # type: ignore[union-attr]
        receiver = func.value  # type: ignore[union-attr]
        if keyword is None or type(receiver) is not cst.Name or receiver.value != "self":
            return None
        args = node.args  # type: ignore[attr-defined]
        if not args or type(args[0].value) is not cst.SimpleString:
            return None
        if args[0].value.evaluated_value != attr:
            return None
        given = next(
            (
                a.value
                for i, a in enumerate(args)
                if (a.keyword is None and i == 1)
                or (a.keyword is not None and a.keyword.value == keyword)
            ),
            None,
        )
        if given is None or is_none(given):
            ok = False
        else:
            what = "buffer" if func.attr.value == "register_buffer" else "parameter"  # type: ignore[union-attr]
            said = f"`__init__` registers it as a {what} with a tensor"
        return None

    walk(init.body, enter, lambda node: None)
    for value in self_assignments(init, attr):
        call = value if type(value) is cst.Call else None
        name = ctx.qualified_name(call.func) if call is not None else None
        if name not in _FACTORIES:
            return None
        said = f"`__init__` binds it to `{name.replace('torch.nn.', 'nn.')}(...)`"
    return said if ok else None


def _tensor_fill(
    ctx: LintContext, methods: list[cst.FunctionDef], init: cst.FunctionDef, attr: str
) -> Optional[str]:
    """Where a scripted method stores a tensor in ``self.<attr>`` (the first such method), by
    the kind inference of that method."""
    for method in methods:
        if method is init or not _scripted(ctx, method):
            continue
        inference = ctx.model.inference(method)
        if inference is None:
            continue
        for value in self_assignments(method, attr):
            if value is not None and not is_none(value) and inference.kind(value) is Kind.TENSOR:
                return f"`self.{attr} = ...` in `{method.name.value}`"
    return None


def _scripted(ctx: LintContext, function: cst.FunctionDef) -> bool:
    info = ctx.model.function_info(function)
    return info is not None and info.region is not None and "script" in info.region.targets


def _self_calls(function: cst.FunctionDef) -> set[str]:
    """Names ``m`` of the ``self.m(...)`` calls in ``function``."""
    found: set[str] = set()

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) is cst.Call:
            name = self_attribute(node.func)  # type: ignore[attr-defined]
            if name is not None:
                found.add(name)
        return None

    walk(function, enter, lambda node: None)
    return found


def _init_attributes(init: cst.FunctionDef) -> list[str]:
    names: dict[str, None] = {}
    stack: list[cst.CSTNode] = [init.body]
    while stack:
        current = stack.pop()
        if type(current) in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            continue
        if type(current) is cst.AssignTarget:
            attr = self_attribute(current.target)  # type: ignore[attr-defined]
            if attr is not None:
                names.setdefault(attr, None)
        stack.extend(current.children)
    return list(names)


def _default_value(body: Sequence[cst.CSTNode], attr: str, defaults: dict[str, cst.BaseExpression]):  # type: ignore[no-untyped-def]
    """``(value,)`` the last binding of ``self.<attr>`` in ``body`` gives when the constructor
    runs with its defaults (an ``IfExp`` or a parameter defaulting to None resolved), None
    when ``body`` does not bind it, ``_UNKNOWN`` when the defaults do not decide."""
    current = None
    for stmt in body:
        kind = type(stmt)
        if kind is cst.SimpleStatementLine:
            for small in stmt.body:  # type: ignore[attr-defined]
                if type(small) is cst.Return:
                    return current
                if type(small) in (cst.Assign, cst.AnnAssign):
                    targets = (
                        [t.target for t in small.targets]  # type: ignore[attr-defined]
                        if type(small) is cst.Assign
                        else [small.target]  # type: ignore[attr-defined]
                    )
                    if any(self_attribute(t) == attr for t in targets):
                        if len(targets) != 1 or small.value is None:  # type: ignore[attr-defined]
                            return _UNKNOWN
                        current = _resolved(small.value, defaults)  # type: ignore[attr-defined]
                elif type(small) is cst.AugAssign and self_attribute(small.target) == attr:  # type: ignore[attr-defined]
                    return _UNKNOWN
        elif kind is cst.If:
            branch: Optional[Sequence[cst.CSTNode]] = None
            taken = value_with(stmt.test, defaults)  # type: ignore[attr-defined]
            if taken is None:
                if attr in _init_attributes_of(stmt):
                    return _UNKNOWN
                continue
            if taken:
                branch = stmt.body.body  # type: ignore[attr-defined]
            elif stmt.orelse is not None:  # type: ignore[attr-defined]
                orelse = stmt.orelse  # type: ignore[attr-defined]
                branch = [orelse] if type(orelse) is cst.If else orelse.body.body
            if branch is not None:
                inner = _default_value(branch, attr, defaults)
                if inner is _UNKNOWN:
                    return _UNKNOWN
                if inner is not None:
                    current = inner
        elif attr in _init_attributes_of(stmt):
            return _UNKNOWN  # bound in a loop, a with, a try: not followed
    if current is _UNKNOWN:
        return _UNKNOWN
    return current


def _init_attributes_of(stmt: cst.CSTNode) -> list[str]:
    return _init_attributes(
        cst.FunctionDef(
            name=cst.Name("f"), params=cst.Parameters(), body=cst.IndentedBlock(body=[stmt])
        )
    )  # type: ignore[list-item]


def _resolved(value: cst.BaseExpression, defaults: dict[str, cst.BaseExpression]):  # type: ignore[no-untyped-def]
    """``(value,)`` with a conditional expression the defaults decide taken; ``_UNKNOWN`` for
    a conditional they do not decide. (A parameter defaulting to None is left as it is: a
    `config=None` is passed by every caller more often than not.)"""
    while type(value) is cst.IfExp:
        taken = value_with(value.test, defaults)  # type: ignore[attr-defined]
        if taken is None:
            return _UNKNOWN
        value = value.body if taken else value.orelse  # type: ignore[attr-defined]
    return (value,)


def _may_be_value(value: cst.BaseExpression) -> bool:
    """Whether another construction builds something here: a call (``nn.Linear(d, d)``), in a
    branch of a conditional too."""
    if type(value) is cst.IfExp:
        return _may_be_value(value.body) or _may_be_value(value.orelse)  # type: ignore[attr-defined]
    return type(value) is cst.Call


def _tensor_isinstance(test: cst.BaseExpression) -> Optional[tuple[str, bool]]:
    """``(name, True)`` for ``isinstance(name, torch.Tensor)`` (or ``Tensor``)."""
    if type(test) is not cst.Call or len(test.args) != 2:  # type: ignore[attr-defined]
        return None
    func, (value, kind) = test.func, (a.value for a in test.args)  # type: ignore[attr-defined]
    if type(func) is not cst.Name or func.value != "isinstance" or type(value) is not cst.Name:  # type: ignore[attr-defined]
        return None
    spelled = kind.attr.value if type(kind) is cst.Attribute else getattr(kind, "value", None)  # type: ignore[attr-defined]
    return (value.value, True) if spelled == "Tensor" else None  # type: ignore[attr-defined]
