import torch
import torch.nn.functional as F
from torch import nn


class BeamSearchDecoder(nn.Module):
    def __init__(
        self, vocab: int = 7, dim: int = 8, beam_size: int = 3, max_steps: int = 4, bos: int = 0
    ):
        super().__init__()
        self.beam_size = beam_size
        self.max_steps = max_steps
        self.bos = bos
        self.embed = nn.Embedding(vocab, dim)
        self.cell = nn.GRUCell(dim, dim)
        self.out = nn.Linear(dim, vocab)

    def forward(self, memory):
        b, d = memory.shape
        k = self.beam_size
        h = memory.repeat_interleave(k, dim=0)
        tokens = torch.full((b * k,), self.bos, dtype=torch.long, device=memory.device)
        scores = torch.zeros(b, k, device=memory.device)
        scores[:, 1:] = -1e9
        history = []
        for _ in range(self.max_steps):
            h = self.cell(self.embed(tokens), h)
            logp = F.log_softmax(self.out(h), dim=-1).view(b, k, -1)
            vocab = logp.shape[-1]
            cand = (scores.unsqueeze(-1) + logp).view(b, -1)
            scores, flat_idx = cand.topk(k, dim=-1)
            beam_idx = torch.div(flat_idx, vocab, rounding_mode="floor")
            tokens = (flat_idx % vocab).view(-1)
            base = (torch.arange(b, device=memory.device) * k).unsqueeze(-1)
            h = h[(base + beam_idx).view(-1)]
            history = [hist.view(b, k).gather(1, beam_idx).view(-1) for hist in history]
            history.append(tokens)
        return torch.stack(history, dim=-1).view(b, k, -1), scores


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Linear(5, 8)
        self.decoder = BeamSearchDecoder()

    def forward(self, x):
        return self.decoder(torch.tanh(self.encoder(x)))


def inputs():
    return [(torch.randn(2, 5),), (torch.randn(3, 5) * 3,)]
