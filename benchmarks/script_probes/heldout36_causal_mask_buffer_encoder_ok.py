# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class TinyCausalLM(nn.Module):
    """Decoder-only language model; the causal mask is built once and sliced per batch."""

    def __init__(
        self, vocab: int = 11, dim: int = 8, heads: int = 2, layers: int = 2, max_len: int = 16
    ):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        layer = nn.TransformerEncoderLayer(dim, heads, dim * 2, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers)
        self.lm_head = nn.Linear(dim, vocab)
        causal = nn.Transformer.generate_square_subsequent_mask(max_len)
        self.register_buffer("causal_mask", causal, persistent=False)

    def forward(self, ids: Tensor) -> Tensor:
        n = ids.shape[1]
        h = self.encoder(self.embed(ids), mask=self.causal_mask[:n, :n])
        return self.lm_head(h)


Model = TinyCausalLM


def inputs():
    torch.manual_seed(3636)
    return [(torch.randint(0, 11, (2, 5)),), (torch.randint(0, 11, (1, 7)),)]
