# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class TinyCausalLM(nn.Module):
    """Decoder-only language model built from nn.TransformerEncoder with a causal mask."""

    def __init__(self, vocab: int = 11, dim: int = 8, heads: int = 2, layers: int = 2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        layer = nn.TransformerEncoderLayer(dim, heads, dim * 2, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers)
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, ids: Tensor) -> Tensor:
        mask = nn.Transformer.generate_square_subsequent_mask(ids.shape[1], device=ids.device)
        h = self.encoder(self.embed(ids), mask=mask, is_causal=True)
        return self.lm_head(h)


Model = TinyCausalLM


def inputs():
    torch.manual_seed(3635)
    return [(torch.randint(0, 11, (2, 5)),), (torch.randint(0, 11, (1, 7)),)]
