# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor


class FFN(nn.Module):
    def __init__(self, dim: int, mult: int = 2):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim * mult), nn.ReLU(), nn.Linear(dim * mult, dim))

    def forward(self, x: Tensor) -> Tensor:
        return self.net(x)


class HashLayer(nn.Module):
    """Hash-layer MoE: each token id is sent to a fixed, randomly hashed expert (no learned router)."""

    def __init__(self, vocab_size: int, dim: int, num_experts: int = 4, seed: int = 1234):
        super().__init__()
        gen = torch.Generator().manual_seed(seed)
        self.register_buffer("hash_table", torch.randint(0, num_experts, (vocab_size,), generator=gen))
        self.experts = nn.ModuleList([FFN(dim) for _ in range(num_experts)])

    def forward(self, hidden: Tensor, token_ids: Tensor) -> Tensor:
        d = hidden.shape[-1]
        flat = hidden.reshape(-1, d)
        expert_ids = self.hash_table[token_ids.reshape(-1)]
        out = torch.zeros_like(flat)
        for e, expert in enumerate(self.experts):
            idx = torch.nonzero(expert_ids == e, as_tuple=True)[0]
            out.index_copy_(0, idx, expert(flat.index_select(0, idx)))
        return out.view_as(hidden)


class HashMoELM(nn.Module):
    def __init__(self, vocab_size=64, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim)
        self.norm = nn.LayerNorm(dim)
        self.moe = HashLayer(vocab_size, dim)
        self.lm_head = nn.Linear(dim, vocab_size, bias=False)

    def forward(self, token_ids: Tensor) -> Tensor:
        h = self.embed(token_ids)
        h = h + self.moe(self.norm(h), token_ids)
        return self.lm_head(h)


Model = HashMoELM


def inputs():
    torch.manual_seed(3706)
    return [(torch.randint(0, 64, (2, 6)),), (torch.randint(0, 64, (3, 9)),)]
