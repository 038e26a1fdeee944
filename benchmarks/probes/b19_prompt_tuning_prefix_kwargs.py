import torch
from torch import nn
from typing import Optional


class SoftPrompt(nn.Module):
    def __init__(self, n_tokens: int, dim: int, init_std: float = 0.02):
        super().__init__()
        self.prompt = nn.Parameter(torch.randn(n_tokens, dim) * init_std)

    @property
    def n_tokens(self) -> int:
        return self.prompt.shape[0]

    def forward(self, embeds: torch.Tensor, attention_mask: Optional[torch.Tensor] = None, **kwargs):
        B = embeds.size(0)
        prefix = self.prompt.unsqueeze(0).expand(B, -1, -1)
        embeds = torch.cat([prefix, embeds], dim=1)
        if attention_mask is not None:
            ones = attention_mask.new_ones(B, self.n_tokens)
            attention_mask = torch.cat([ones, attention_mask], dim=1)
        return embeds, attention_mask


class Model(nn.Module):
    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.prompt = SoftPrompt(4, dim)
        self.enc = nn.TransformerEncoderLayer(dim, 2, 32, dropout=0.0, batch_first=True)

    def forward(self, input_ids, attention_mask=None, **kwargs):
        h, mask = self.prompt(self.embed(input_ids), attention_mask=attention_mask, **kwargs)
        out = self.enc(h, src_key_padding_mask=mask == 0)
        return (out * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True)


def inputs():
    torch.manual_seed(5)
    m1 = torch.ones(2, 6, dtype=torch.long); m1[1, 4:] = 0
    m2 = torch.ones(3, 9, dtype=torch.long); m2[0, 5:] = 0
    return [(torch.randint(0, 50, (2, 6)), m1), (torch.randint(0, 50, (3, 9)), m2)]
