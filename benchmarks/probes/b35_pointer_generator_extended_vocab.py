import torch
import torch.nn as nn
import torch.nn.functional as F


class CopyDistribution(nn.Module):
    def __init__(self, vocab_size):
        super().__init__()
        self.vocab_size = vocab_size

    def forward(self, vocab_dist, attn_dist, p_gen, src_ext_ids):
        max_oov = int(src_ext_ids.max()) + 1 - self.vocab_size
        vocab_dist = p_gen * vocab_dist
        attn_dist = (1 - p_gen) * attn_dist
        if max_oov > 0:
            vocab_dist = torch.cat([vocab_dist, vocab_dist.new_zeros(vocab_dist.size(0), max_oov)], dim=1)
        return vocab_dist.scatter_add(1, src_ext_ids, attn_dist)


class PointerGeneratorStep(nn.Module):
    def __init__(self, vocab_size=50, hidden=32, emb=16):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, emb)
        self.cell = nn.LSTMCell(emb, hidden)
        self.attn_w = nn.Linear(hidden, hidden, bias=False)
        self.out = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.Linear(hidden, vocab_size))
        self.p_gen = nn.Linear(2 * hidden + emb, 1)
        self.copy = CopyDistribution(vocab_size)

    def forward(self, prev_token, enc_out, src_ext_ids, h, c):
        e = self.embed(prev_token)
        h, c = self.cell(e, (h, c))
        attn = F.softmax(torch.bmm(enc_out, self.attn_w(h).unsqueeze(2)).squeeze(2), dim=1)
        ctx = torch.bmm(attn.unsqueeze(1), enc_out).squeeze(1)
        vocab_dist = F.softmax(self.out(torch.cat([h, ctx], dim=1)), dim=1)
        p_gen = torch.sigmoid(self.p_gen(torch.cat([ctx, h, e], dim=1)))
        return self.copy(vocab_dist, attn, p_gen, src_ext_ids).clamp_min(1e-12).log(), h, c


Model = PointerGeneratorStep


def inputs():
    torch.manual_seed(3515)
    out = []
    for b, s, oov in [(2, 9, 3), (3, 6, 0)]:
        ids = torch.randint(0, 50 + oov, (b, s))
        out.append((torch.randint(0, 50, (b,)), torch.randn(b, s, 32), ids, torch.zeros(b, 32), torch.zeros(b, 32)))
    return out
