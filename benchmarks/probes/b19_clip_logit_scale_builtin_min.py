import math
import torch
from torch import nn
import torch.nn.functional as F


class ProjectionHead(nn.Module):
    def __init__(self, in_dim, out_dim):
        super().__init__()
        self.proj = nn.Linear(in_dim, out_dim, bias=False)

    def forward(self, x):
        return F.normalize(self.proj(x), dim=-1)


class CLIPLite(nn.Module):
    def __init__(self, img_dim=12, txt_dim=10, embed_dim=8, init_logit_scale=math.log(1 / 0.07), max_scale=100.0):
        super().__init__()
        self.visual = ProjectionHead(img_dim, embed_dim)
        self.text = ProjectionHead(txt_dim, embed_dim)
        self.logit_scale = nn.Parameter(torch.ones([]) * init_logit_scale)
        self.max_scale = max_scale

    @property
    def temperature(self):
        return min(self.logit_scale.exp().item(), self.max_scale)  # breaks: compile,export

    def forward(self, image_feats, text_feats):
        img = self.visual(image_feats)
        txt = self.text(text_feats)
        logits_per_image = self.temperature * img @ txt.t()
        labels = torch.arange(img.shape[0])
        return (F.cross_entropy(logits_per_image, labels) + F.cross_entropy(logits_per_image.t(), labels)) / 2


Model = CLIPLite


def inputs():
    torch.manual_seed(22)
    return [(torch.randn(4, 12), torch.randn(4, 10)), (torch.randn(6, 12) * 3, torch.randn(6, 10))]
