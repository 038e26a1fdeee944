import torch
import torch.nn as nn


def reading_order(boxes, line_tol=0.5):
    """Top-to-bottom, left-to-right order of text boxes (x0, y0, x1, y1)."""
    heights = (boxes[:, 3] - boxes[:, 1]).mean()
    keys = [(round(float(b[1] / (heights * line_tol))), float(b[0])) for b in boxes]  # breaks: export,trace
    return sorted(range(len(keys)), key=keys.__getitem__)  # breaks: compile


class LayoutEncoder(nn.Module):
    def __init__(self, d_model=16, nhead=2, max_pos=32):
        super().__init__()
        self.box_proj = nn.Linear(4, d_model)
        self.pos = nn.Embedding(max_pos, d_model)
        layer = nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=32, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=1, enable_nested_tensor=False)

    def forward(self, boxes, token_feats):
        order = torch.tensor(reading_order(boxes), dtype=torch.long)
        x = token_feats[order] + self.box_proj(boxes[order])
        x = x + self.pos(torch.arange(x.shape[0]))
        return self.encoder(x.unsqueeze(0)).squeeze(0)


Model = LayoutEncoder


def inputs():
    torch.manual_seed(260)
    def page(n):
        xy = torch.rand(n, 2) * torch.tensor([100.0, 60.0])
        return torch.cat([xy, xy + torch.tensor([20.0, 5.0])], 1), torch.randn(n, 16)
    return [page(6), page(6)]
