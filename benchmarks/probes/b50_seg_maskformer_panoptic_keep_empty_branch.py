# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class MLP(nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, num_layers):
        super().__init__()
        self.num_layers = num_layers
        h = [hidden_dim] * (num_layers - 1)
        self.layers = nn.ModuleList(nn.Linear(n, k) for n, k in zip([input_dim] + h, h + [output_dim]))

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = F.relu(layer(x)) if i < self.num_layers - 1 else layer(x)
        return x


class PanopticInference(nn.Module):
    def __init__(self, hidden: int = 16, num_classes: int = 4, num_queries: int = 6, object_mask_threshold: float = 0.5):
        super().__init__()
        self.num_classes = num_classes
        self.object_mask_threshold = object_mask_threshold
        self.query_embed = nn.Embedding(num_queries, hidden)
        self.class_embed = nn.Linear(hidden, num_classes + 1)
        self.mask_embed = MLP(hidden, hidden, hidden, 3)
        self.context = nn.Linear(hidden, hidden)

    def forward(self, pixel_features: Tensor) -> Dict[str, Tensor]:
        queries = self.query_embed.weight + self.context(pixel_features.flatten(1).mean(1))
        mask_cls = self.class_embed(queries)
        mask_pred = torch.einsum("qc,chw->qhw", self.mask_embed(queries), pixel_features)
        scores, labels = F.softmax(mask_cls, dim=-1).max(-1)
        mask_pred = mask_pred.sigmoid()
        keep = labels.ne(self.num_classes) & (scores > self.object_mask_threshold)
        cur_scores = scores[keep]
        cur_masks = mask_pred[keep]
        h, w = cur_masks.shape[-2:]
        panoptic_seg = torch.zeros((h, w), dtype=torch.int32, device=cur_masks.device)
        if cur_masks.shape[0] == 0:  # breaks: compile,export
            return {"panoptic_seg": panoptic_seg, "num_segments": torch.tensor(0)}
        cur_prob_masks = cur_scores.view(-1, 1, 1) * cur_masks
        cur_mask_ids = cur_prob_masks.argmax(0)
        panoptic_seg = (cur_mask_ids + 1).to(torch.int32)
        return {"panoptic_seg": panoptic_seg, "num_segments": torch.tensor(cur_masks.shape[0])}


Model = PanopticInference


def inputs():
    torch.manual_seed(5004)
    return [
        (torch.randn(16, 8, 8),),
        (torch.randn(16, 6, 10) * 0.01 - 3.0,),
    ]
