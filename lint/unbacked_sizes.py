"""Operations that fail on a tensor whose size is data dependent (an unbacked size), measured
on torch 2.13: TL107 flags them, and its fixer tells torch the size where a check can."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Consumer:
    """How an operation fails on a tensor whose size is data dependent (an unbacked size).

    ``need`` is what torch asks of the size: ``"nonempty"`` whether it is 0 (torch accepts a
    ``bincount(..., minlength=k)`` result, at least ``k`` long, and code after
    ``torch._check(n > 0)``), ``"count"`` its value (fails for every such tensor), ``"classes"``
    its equality with the number of classes (a loss's ``weight``). ``dim`` is where the
    operation's dimension argument sits among its arguments after the tensor and its default:
    the operation fails only along the data-dependent dimension (dimension 0 of every source
    here); None: along any.
    """

    need: str
    dim: Optional[tuple[int, int]] = None


# Measured with torch 2.13 (CPU), torch.export.export (non-strict) and
# torch.compile(fullgraph=True) on `x[mask]` / `x[m.nonzero().squeeze(1)]` of a (5, 4) tensor
# (size (u0, 4)), `masked_select`, `unique` and `bincount` results (size (u0,)): every entry
# fails on both ("Could not guard on data-dependent expression" / "Could not extract
# specialized integer from data-dependent expression"). Accepted on the same tensors: sum,
# mean, max, min, amax, prod, var, std, median, nanmedian, quantile, kthvalue, mode, topk,
# sort, argsort, argmax, cumsum, cumprod, logcumsumexp, softmax, log_softmax, norm, normalize,
# layer_norm, group_norm, linear, matmul, bmm, einsum, cosine_similarity, pdist, view, reshape,
# flatten, unflatten, transpose, narrow, flip, diag, repeat, expand, cat, stack, split /
# chunk / unbind along a fixed dimension, split into a list of sizes (export; fullgraph
# asserts), pad, interpolate, conv1d, one_hot, embedding, histc, index_add, scatter_add,
# cross_entropy / nll_loss / mse / l1 / smooth_l1 / kl_div / BCE losses of the tensor, and
# arithmetic with a fixed-size tensor (`counts * class_prior` is sized by the prior).
CONSUMER_METHODS: dict[str, Consumer] = {
    "logsumexp": Consumer("nonempty"),
    "roll": Consumer("nonempty"),
    "diff": Consumer("nonempty", (1, -1)),  # diff(n=1, dim=-1)
    "chunk": Consumer("count", (1, 0)),  # chunk(chunks, dim=0)
    "split": Consumer("count", (1, 0)),  # split(split_size, dim=0)
    "tensor_split": Consumer("count", (1, 0)),  # tensor_split(sections, dim=0)
    "unbind": Consumer("count", (0, 0)),  # unbind(dim=0)
    "cov": Consumer("count"),
    "corrcoef": Consumer("count"),
    "tolist": Consumer("count"),  # a Python list needs its length
}
CONSUMER_FUNCTIONS: dict[str, Consumer] = {
    **{f"torch.{name}": consumer for name, consumer in CONSUMER_METHODS.items()},
    "torch.special.logsumexp": Consumer("nonempty"),
    "torch.trapezoid": Consumer("nonempty", (-1, -1)),  # dim is keyword-only, default -1
    "torch.trapz": Consumer("nonempty", (-1, -1)),
    "torch.cdist": Consumer("count"),  # either of x1, x2
    "torch.nn.functional.batch_norm": Consumer("nonempty"),
}
# Losses whose `weight` (keyword, or the third positional argument) must have one entry per
# class: a data-dependent length fails (guard Eq(u0, num_classes)).
WEIGHTED_LOSSES = frozenset({"torch.nn.functional.cross_entropy", "torch.nn.functional.nll_loss"})
