# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def symmetrize(x):
    return x + x.transpose(-1, -2)


def apc(x):
    """Average product correction, used to remove background from attention-derived contacts."""
    a1 = x.sum(-1, keepdims=True)
    a2 = x.sum(-2, keepdims=True)
    a12 = x.sum((-1, -2), keepdims=True)
    avg = a1 * a2
    avg.div_(a12)
    return x - avg


class ContactPredictionHead(nn.Module):
    def __init__(self, in_features, prepend_bos=True, append_eos=True, eos_idx=2):
        super().__init__()
        self.prepend_bos = prepend_bos
        self.append_eos = append_eos
        self.eos_idx = eos_idx
        self.regression = nn.Linear(in_features, 1)
        self.activation = nn.Sigmoid()

    def forward(self, tokens, attentions):
        if self.append_eos:
            eos_mask = tokens.ne(self.eos_idx).to(attentions)
            eos_mask = eos_mask.unsqueeze(1) * eos_mask.unsqueeze(2)
            attentions = attentions * eos_mask[:, None, None, :, :]
            attentions = attentions[..., :-1, :-1]
        if self.prepend_bos:
            attentions = attentions[..., 1:, 1:]
        batch_size, layers, heads, seqlen, _ = attentions.size()
        attentions = attentions.view(batch_size, layers * heads, seqlen, seqlen)
        attentions = apc(symmetrize(attentions))
        attentions = attentions.permute(0, 2, 3, 1)
        return self.activation(self.regression(attentions).squeeze(3))


class TinyESM(nn.Module):
    def __init__(self, vocab=25, dim=16, heads=2, layers=2):
        super().__init__()
        self.heads = heads
        self.embed = nn.Embedding(vocab, dim, padding_idx=1)
        self.qkv = nn.ModuleList([nn.Linear(dim, 3 * dim) for _ in range(layers)])
        self.out = nn.ModuleList([nn.Linear(dim, dim) for _ in range(layers)])
        self.norms = nn.ModuleList([nn.LayerNorm(dim) for _ in range(layers)])
        self.contact_head = ContactPredictionHead(layers * heads)

    def forward(self, tokens):
        x = self.embed(tokens)
        b, n, d = x.shape
        attn_maps = []
        for qkv, out, norm in zip(self.qkv, self.out, self.norms):
            q, k, v = qkv(norm(x)).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
            attn = torch.softmax(q @ k.transpose(-1, -2) * (d // self.heads) ** -0.5, dim=-1)
            x = x + out((attn @ v).transpose(1, 2).reshape(b, n, d))
            attn_maps.append(attn)
        attentions = torch.stack(attn_maps, dim=1)
        return x, self.contact_head(tokens, attentions)


Model = TinyESM


def inputs():
    torch.manual_seed(3928)
    t1 = torch.randint(4, 25, (2, 9))
    t1[:, 0], t1[:, -1] = 0, 2
    t2 = torch.randint(4, 25, (3, 12))
    t2[:, 0], t2[:, -1] = 0, 2
    return [(t1,), (t2,)]
