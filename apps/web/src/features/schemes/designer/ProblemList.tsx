import type { FailureProblem } from '@macro/contract';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  problems: readonly FailureProblem[];
  title: string;
  /** Shows the element in the diagram. */
  onSelect: (elementId: string) => void;
  /** The element's name where the diagram has one, to say which element a person means. */
  nameOf?: (elementId: string) => string | undefined;
  type?: 'warning' | 'error';
  testId: string;
}

/** Problems of a model, each naming its element (a link that shows it in the diagram) and saying what is wrong. */
export function ProblemList({ problems, title, onSelect, nameOf, type = 'warning', testId }: Props) {
  const { t } = useTranslation('schemes');
  if (!problems.length) return null;
  return (
    <Alert
      type={type}
      showIcon
      className="bpmn-lint-list"
      title={title}
      description={
        <ul>
          {problems.map((p) => {
            const name = nameOf?.(p.elementId);
            // The BPMN type and id, as the server's message and the XML say them.
            const element = `${p.elementType} ${p.elementId}`;
            return (
              <li key={`${p.elementId}-${p.code}-${p.message}`} data-testid={`${testId}-item`}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => onSelect(p.elementId)}
                  aria-label={t('designer.problemShow', { element: name ? `${element} ${name}` : element })}
                >
                  {element}
                  {name ? ` · ${name}` : ''}
                </Button>
                {p.message}
              </li>
            );
          })}
        </ul>
      }
      data-testid={testId}
    />
  );
}
