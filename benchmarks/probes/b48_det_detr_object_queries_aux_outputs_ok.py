# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
from torch import Tensor


class MLP(nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, num_layers):
        super().__init__()
        h = [hidden_dim] * (num_layers - 1)
        self.layers = nn.ModuleList(nn.Linear(n, k) for n, k in zip([input_dim] + h, h + [output_dim]))
        self.num_layers = num_layers

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = torch.relu(layer(x)) if i < self.num_layers - 1 else layer(x)
        return x


class QueryDecoder(nn.Module):
    def __init__(self, d_model=16, num_queries=5, num_classes=4, num_layers=2, aux_loss=False):
        super().__init__()
        self.query_embed = nn.Embedding(num_queries, d_model)
        self.layers = nn.ModuleList(
            nn.TransformerDecoderLayer(d_model, 2, 32, dropout=0.0, batch_first=True) for _ in range(num_layers)
        )
        self.norm = nn.LayerNorm(d_model)
        self.class_embed = nn.Linear(d_model, num_classes + 1)
        self.bbox_embed = MLP(d_model, d_model, 4, 3)
        self.aux_loss = aux_loss

    def forward(self, memory: Tensor, pos: Tensor) -> Dict[str, Tensor]:
        bs = memory.shape[0]
        query_pos = self.query_embed.weight.unsqueeze(0).repeat(bs, 1, 1)
        tgt = torch.zeros_like(query_pos)
        intermediate: List[Tensor] = []
        for layer in self.layers:
            tgt = layer(tgt + query_pos, memory + pos)
            intermediate.append(self.norm(tgt))
        hs = torch.stack(intermediate)
        logits = self.class_embed(hs)
        boxes = self.bbox_embed(hs).sigmoid()
        out = {"pred_logits": logits[-1], "pred_boxes": boxes[-1]}
        if self.aux_loss:
            out["aux_logits"] = logits[:-1]
        return out


Model = QueryDecoder


def inputs():
    torch.manual_seed(4816)
    return [(torch.randn(2, 12, 16), torch.randn(2, 12, 16)), (torch.randn(1, 20, 16), torch.randn(1, 20, 16))]
