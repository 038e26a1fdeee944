# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class DINOHead(nn.Module):
    def __init__(self, in_dim, out_dim, hidden_dim=16, bottleneck_dim=8):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(in_dim, hidden_dim), nn.GELU(), nn.Linear(hidden_dim, bottleneck_dim))
        self.last_layer = nn.utils.parametrizations.weight_norm(nn.Linear(bottleneck_dim, out_dim, bias=False))

    def forward(self, x):
        x = self.mlp(x)
        x = F.normalize(x, dim=-1, p=2)
        return self.last_layer(x)


class DINOLoss(nn.Module):
    def __init__(self, out_dim, teacher_temp=0.04, student_temp=0.1, center_momentum=0.9):
        super().__init__()
        self.student_temp = student_temp
        self.teacher_temp = teacher_temp
        self.center_momentum = center_momentum
        self.register_buffer("center", torch.zeros(1, out_dim))

    def forward(self, student_output, teacher_output):
        student_out = student_output / self.student_temp
        teacher_out = F.softmax((teacher_output - self.center) / self.teacher_temp, dim=-1).detach()
        loss = torch.sum(-teacher_out * F.log_softmax(student_out, dim=-1), dim=-1).mean()
        self.update_center(teacher_output)
        return loss

    @torch.no_grad()
    def update_center(self, teacher_output):
        batch_center = torch.sum(teacher_output, dim=0, keepdim=True)
        batch_center = batch_center / len(teacher_output)
        self.center = self.center * self.center_momentum + batch_center * (1 - self.center_momentum)


class DINO(nn.Module):
    def __init__(self, in_dim=6, embed=12, out_dim=10):
        super().__init__()
        self.student = nn.Sequential(nn.Linear(in_dim, embed), nn.ReLU(), DINOHead(embed, out_dim))
        self.teacher = nn.Sequential(nn.Linear(in_dim, embed), nn.ReLU(), DINOHead(embed, out_dim))
        for p in self.teacher.parameters():
            p.requires_grad = False
        self.criterion = DINOLoss(out_dim)

    def forward(self, view1, view2):
        s = self.student(view1)
        with torch.no_grad():
            t = self.teacher(view2)
        return self.criterion(s, t)


Model = DINO


def inputs():
    torch.manual_seed(4512)
    return [(torch.randn(4, 6), torch.randn(4, 6)), (torch.randn(4, 6), torch.randn(4, 6)), (torch.randn(3, 6), torch.randn(3, 6))]
