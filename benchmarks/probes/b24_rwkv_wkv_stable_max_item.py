import torch
from torch import nn, Tensor


class RWKV_TimeMix(nn.Module):
    def __init__(self, n_embd: int = 8):
        super().__init__()
        self.time_decay = nn.Parameter(torch.linspace(-2.0, 0.5, n_embd))
        self.time_first = nn.Parameter(torch.full((n_embd,), 0.3))
        self.time_shift = nn.ZeroPad2d((0, 0, 1, -1))
        self.key = nn.Linear(n_embd, n_embd, bias=False)
        self.value = nn.Linear(n_embd, n_embd, bias=False)
        self.receptance = nn.Linear(n_embd, n_embd, bias=False)
        self.output = nn.Linear(n_embd, n_embd, bias=False)

    def wkv(self, k: Tensor, v: Tensor) -> Tensor:
        w = -torch.exp(self.time_decay)
        T = k.size(1)
        pos = torch.arange(T, device=k.device, dtype=k.dtype)
        decay = (pos[:, None] - pos[None, :]).clamp(min=0) * w[:, None, None]
        causal = torch.tril(torch.ones(T, T, dtype=torch.bool, device=k.device))
        logits = k.unsqueeze(1) + decay.permute(1, 2, 0).unsqueeze(0)
        diag = torch.eye(T, dtype=torch.bool, device=k.device)
        logits = torch.where(diag[None, :, :, None], k.unsqueeze(1) + self.time_first, logits)
        logits = logits.masked_fill(~causal[None, :, :, None], float("-inf"))
        shift = logits.max().item()  # breaks: compile
        weights = torch.exp(logits - shift)
        return (weights * v.unsqueeze(1)).sum(2) / weights.sum(2)

    def forward(self, x):
        xx = self.time_shift(x)
        k = self.key(x + 0.5 * (xx - x))
        v = self.value(xx)
        r = torch.sigmoid(self.receptance(x))
        return self.output(r * self.wkv(k, v))


Model = RWKV_TimeMix


def inputs():
    torch.manual_seed(241)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 7, 8) * 3,)]
