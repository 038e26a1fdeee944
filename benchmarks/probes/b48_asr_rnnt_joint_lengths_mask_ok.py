# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def lengths_to_mask(lengths: Tensor, max_len: int) -> Tensor:
    return torch.arange(max_len, device=lengths.device)[None, :] < lengths[:, None]


class RNNTJoint(nn.Module):
    """Transducer joint network: enc (B, T, D) x pred (B, U+1, D) -> (B, T, U+1, V)."""

    def __init__(self, enc_dim=12, pred_dim=10, joint_dim=16, vocab=7):
        super().__init__()
        self.enc_proj = nn.Linear(enc_dim, joint_dim)
        self.pred_proj = nn.Linear(pred_dim, joint_dim)
        self.out = nn.Linear(joint_dim, vocab)

    def forward(self, enc: Tensor, pred: Tensor, enc_lens: Tensor, pred_lens: Tensor) -> Tensor:
        f = self.enc_proj(enc).unsqueeze(2)
        g = self.pred_proj(pred).unsqueeze(1)
        logits = self.out(torch.tanh(f + g)).log_softmax(dim=-1)
        t_mask = lengths_to_mask(enc_lens, enc.size(1))
        u_mask = lengths_to_mask(pred_lens + 1, pred.size(1))
        valid = t_mask[:, :, None] & u_mask[:, None, :]
        return logits.masked_fill(~valid[..., None], 0.0)


Model = RNNTJoint


def inputs():
    torch.manual_seed(4815)
    return [
        (torch.randn(2, 5, 12), torch.randn(2, 4, 10), torch.tensor([5, 3]), torch.tensor([3, 1])),
        (torch.randn(3, 8, 12), torch.randn(3, 3, 10), torch.tensor([8, 6, 2]), torch.tensor([2, 2, 0])),
    ]
