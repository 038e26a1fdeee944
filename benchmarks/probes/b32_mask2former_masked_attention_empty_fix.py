import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self, d_in, d_hidden, d_out, n_layers=3):
        super().__init__()
        dims = [d_in] + [d_hidden] * (n_layers - 1)
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(dims, dims[1:] + [d_out]))

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x) if i == len(self.layers) - 1 else F.relu(layer(x))
        return x


class MaskedAttentionDecoder(nn.Module):
    def __init__(self, dim=16, n_queries=5, n_classes=4, n_layers=2, heads=2):
        super().__init__()
        self.query_feat = nn.Embedding(n_queries, dim)
        self.cross = nn.ModuleList(nn.MultiheadAttention(dim, heads, batch_first=True) for _ in range(n_layers))
        self.norm = nn.LayerNorm(dim)
        self.class_embed = nn.Linear(dim, n_classes + 1)
        self.mask_embed = MLP(dim, dim, dim)
        self.heads = heads

    def prediction_heads(self, queries, mask_features):
        q = self.norm(queries)
        masks = torch.einsum("bqc,bchw->bqhw", self.mask_embed(q), mask_features)
        attn_mask = (masks.sigmoid().flatten(2) < 0.5).repeat_interleave(self.heads, dim=0)
        return self.class_embed(q), masks, attn_mask

    def forward(self, mask_features):
        b = mask_features.size(0)
        memory = mask_features.flatten(2).transpose(1, 2)
        queries = self.query_feat.weight.unsqueeze(0).expand(b, -1, -1)
        _, _, attn_mask = self.prediction_heads(queries, mask_features)
        for layer in self.cross:
            attn_mask[torch.where(attn_mask.sum(-1) == attn_mask.shape[-1])] = False
            out, _ = layer(queries, memory, memory, attn_mask=attn_mask)
            queries = queries + out
            logits, masks, attn_mask = self.prediction_heads(queries, mask_features)
        return logits, masks


Model = MaskedAttentionDecoder


def inputs():
    torch.manual_seed(3212)
    return [(torch.randn(2, 16, 4, 4),), (torch.randn(2, 16, 4, 4) * 3,)]
