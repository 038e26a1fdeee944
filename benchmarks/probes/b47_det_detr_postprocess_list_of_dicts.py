# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def box_cxcywh_to_xyxy(x):
    x_c, y_c, w, h = x.unbind(-1)
    b = [(x_c - 0.5 * w), (y_c - 0.5 * h), (x_c + 0.5 * w), (y_c + 0.5 * h)]
    return torch.stack(b, dim=-1)


class MLP(nn.Module):
    """Very simple multi-layer perceptron (also called FFN)"""

    def __init__(self, input_dim, hidden_dim, output_dim, num_layers):
        super().__init__()
        self.num_layers = num_layers
        h = [hidden_dim] * (num_layers - 1)
        self.layers = nn.ModuleList(nn.Linear(n, k) for n, k in zip([input_dim] + h, h + [output_dim]))

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = F.relu(layer(x)) if i < self.num_layers - 1 else layer(x)
        return x


class PostProcess(nn.Module):
    """Converts the model's output into the format expected by the coco api"""

    @torch.no_grad()
    def forward(self, out_logits, out_bbox, target_sizes):
        assert len(out_logits) == len(target_sizes)
        assert target_sizes.shape[1] == 2
        prob = F.softmax(out_logits, -1)
        scores, labels = prob[..., :-1].max(-1)
        boxes = box_cxcywh_to_xyxy(out_bbox)
        img_h, img_w = target_sizes.unbind(1)
        scale_fct = torch.stack([img_w, img_h, img_w, img_h], dim=1)
        boxes = boxes * scale_fct[:, None, :]
        results = [{"scores": s, "labels": l, "boxes": b} for s, l, b in zip(scores, labels, boxes)]
        return results


class DETRHead(nn.Module):
    def __init__(self, hidden_dim=16, num_classes=5, num_queries=6):
        super().__init__()
        self.query_embed = nn.Embedding(num_queries, hidden_dim)
        self.decoder = nn.TransformerDecoderLayer(hidden_dim, 2, 32, dropout=0.0, batch_first=True)
        self.class_embed = nn.Linear(hidden_dim, num_classes + 1)
        self.bbox_embed = MLP(hidden_dim, hidden_dim, 4, 3)
        self.postprocessors = nn.ModuleDict({"bbox": PostProcess()})

    def forward(self, memory, orig_target_sizes):
        bs = memory.size(0)
        tgt = self.query_embed.weight.unsqueeze(0).repeat(bs, 1, 1)
        hs = self.decoder(tgt, memory)
        outputs_class = self.class_embed(hs)
        outputs_coord = self.bbox_embed(hs).sigmoid()
        return self.postprocessors["bbox"](outputs_class, outputs_coord, orig_target_sizes)


Model = DETRHead


def inputs():
    torch.manual_seed(4705)
    return [
        (torch.randn(2, 10, 16), torch.tensor([[480, 640], [320, 320]])),
        (torch.randn(3, 7, 16), torch.tensor([[100, 200], [300, 400], [50, 60]])),
    ]
