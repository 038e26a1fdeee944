import torch
import torch.nn as nn


class ResBlock(nn.Module):
    def __init__(self, hidden_size):
        super().__init__()
        self.linear = nn.Linear(hidden_size, hidden_size)
        nn.init.zeros_(self.linear.weight)
        self.act = nn.SiLU()

    def forward(self, x):
        return x + self.act(self.linear(x))


class BaseDecoder(nn.Module):
    def __init__(self, vocab, hidden, layers=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        layer = nn.TransformerEncoderLayer(hidden, 2, 2 * hidden, 0.0, batch_first=True, norm_first=True)
        self.layers = nn.TransformerEncoder(layer, layers)

    def forward(self, ids):
        L = ids.size(1)
        mask = torch.triu(torch.full((L, L), float("-inf")), diagonal=1)
        return self.layers(self.embed(ids), mask=mask)  # breaks: compile,export


class MedusaModel(nn.Module):
    def __init__(self, vocab=40, hidden=16, medusa_num_heads=3, medusa_num_layers=1, topk=2):
        super().__init__()
        self.base = BaseDecoder(vocab, hidden)
        self.lm_head = nn.Linear(hidden, vocab, bias=False)
        self.medusa_head = nn.ModuleList(
            nn.Sequential(*[ResBlock(hidden) for _ in range(medusa_num_layers)], nn.Linear(hidden, vocab, bias=False))
            for _ in range(medusa_num_heads)
        )
        self.topk = topk

    def forward(self, input_ids):
        hidden = self.base(input_ids)
        base_logits = self.lm_head(hidden[:, -1])
        medusa_logits = torch.stack([head(hidden[:, -1]) for head in self.medusa_head], dim=1)
        next_token = base_logits.argmax(-1, keepdim=True)
        candidates = medusa_logits.topk(self.topk, dim=-1).indices
        return next_token, candidates, medusa_logits.log_softmax(-1)


Model = MedusaModel


def inputs():
    torch.manual_seed(3221)
    return [(torch.randint(0, 40, (2, 7)),), (torch.randint(0, 40, (3, 11)),)]
