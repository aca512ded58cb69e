// The cysmo report: a PDF (pdfkit) with the company, the score and its factors, every scan finding with its evidence
// and recommendation, the controls and the guidelines. Text only (built-in Helvetica), no remote content.
import { heading, muted, renderPdf } from '../reports/pdf-document';
import type { Control, CysmoEvidence, GuidelineResult, RiskScoreEvidence, Section, SectionKey } from '../../domain/schemas/research-search';

export interface ReportInput {
  company: string;
  site: string;
  location: string;
  createdAt: string;
  sections: Section[];
}

const evidenceOf = <T>(sections: Section[], key: SectionKey): T | null => {
  const section = sections.find((item) => item.Key === key);
  return section?.Status === 'success' ? (section.Evidence as T) : null;
};

export function renderReport(input: ReportInput): Promise<Buffer> {
  return renderPdf(`Cysmo report: ${input.company}`, (doc) => {
    doc.fontSize(18).text(`Cysmo report: ${input.company}`);
    muted(doc, `Site: ${input.site || 'none given'}   Location: ${input.location || 'not given'}   Searched: ${input.createdAt}`, 10);
    doc.moveDown();

    const score = evidenceOf<RiskScoreEvidence>(input.sections, 'riskScore');
    heading(doc, 'Risk score');
    if (score) {
      doc.fontSize(11).text(`Score ${score.Score} / 100 (higher is safer), risk ${score.Level}`);
      muted(doc, score.Formula, 8);
      for (const factor of score.Factors) doc.fontSize(9).text(`${factor.Points}  ${factor.Factor} (${factor.Detail})`);
    } else doc.fontSize(10).text('No score: the scan did not complete.');
    doc.moveDown();

    const cysmo = evidenceOf<CysmoEvidence>(input.sections, 'cysmo');
    heading(doc, 'Findings');
    if (cysmo) {
      muted(doc, `Domain ${cysmo.Domain}, host ${cysmo.Host}, scanned ${cysmo.StartedAt}`);
      for (const finding of cysmo.Findings) {
        doc.moveDown(0.4).fontSize(10).text(`${finding.result.toUpperCase()} [${finding.severity}] ${finding.title} (${finding.check})`);
        for (const line of finding.evidence.slice(0, 6)) doc.fontSize(8).text(`  Evidence: ${line}`);
        if (finding.recommendation) doc.fontSize(8).text(`  Recommendation: ${finding.recommendation}`);
      }
    } else doc.fontSize(10).text('The scan did not complete.');
    doc.moveDown();

    const controls = evidenceOf<{ Controls: Control[] }>(input.sections, 'control');
    if (controls) {
      heading(doc, 'Controls');
      for (const control of controls.Controls) doc.fontSize(9).text(`${control.Title}: ${control.Status.replace('_', ' ')}${control.Missing.length ? ` — missing: ${control.Missing.join('; ')}` : ''}`);
      doc.moveDown();
    }
    const guidelines = evidenceOf<{ Results: GuidelineResult[] }>(input.sections, 'guidelines');
    if (guidelines) {
      heading(doc, 'Guidelines');
      for (const result of guidelines.Results) doc.fontSize(9).text(`${result.Result.toUpperCase()}  ${result.Name}: ${result.Reason}`);
    }
  });
}
