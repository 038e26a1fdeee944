import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, dim, use_tanh=True, C=10.0):
        super().__init__()
        self.W_q, self.W_ref = nn.Linear(dim, dim), nn.Conv1d(dim, dim, 1)
        self.v = nn.Parameter(torch.empty(dim).uniform_(-0.1, 0.1))
        self.use_tanh, self.C = use_tanh, C

    def forward(self, query, ref):
        e = self.W_ref(ref.transpose(1, 2))
        u = torch.einsum("d,bdn->bn", self.v, torch.tanh(self.W_q(query).unsqueeze(2) + e))
        return self.C * torch.tanh(u) if self.use_tanh else u


class PointerNetwork(nn.Module):
    def __init__(self, in_dim=2, dim=16):
        super().__init__()
        self.embedding = nn.Linear(in_dim, dim)
        self.encoder = nn.LSTM(dim, dim, batch_first=True)
        self.decoder = nn.LSTMCell(dim, dim)
        self.pointer = Attention(dim)
        self.glimpse = Attention(dim, use_tanh=False)
        self.decoder_start = nn.Parameter(torch.zeros(dim))

    def forward(self, coords):
        b, n, _ = coords.shape
        emb = self.embedding(coords)
        enc, (h, c) = self.encoder(emb)  # breaks: compile
        h, c = h[0], c[0]
        x = self.decoder_start.expand(b, -1)
        visited = torch.zeros(b, n, dtype=torch.bool)
        tour, log_probs = [], []
        for _ in range(n):
            h, c = self.decoder(x, (h, c))
            g = torch.softmax(self.glimpse(h, enc).masked_fill(visited, float("-inf")), -1)
            q = torch.bmm(g.unsqueeze(1), enc).squeeze(1)
            logits = self.pointer(q, enc).masked_fill(visited, float("-inf"))
            logp = torch.log_softmax(logits, -1)
            idx = logp.argmax(-1)
            tour.append(idx)
            log_probs.append(logp.gather(1, idx[:, None]).squeeze(1))
            visited = visited.scatter(1, idx[:, None], True)  # breaks: trace
            x = emb.gather(1, idx[:, None, None].expand(-1, 1, emb.size(-1))).squeeze(1)
        tour = torch.stack(tour, 1)
        ordered = coords.gather(1, tour.unsqueeze(-1).expand(-1, -1, 2))
        length = (ordered - ordered.roll(-1, dims=1)).norm(dim=-1).sum(1)
        return tour, torch.stack(log_probs, 1).sum(1), length


Model = PointerNetwork


def inputs():
    torch.manual_seed(3222)
    return [(torch.rand(2, 6, 2),), (torch.rand(3, 6, 2),)]
